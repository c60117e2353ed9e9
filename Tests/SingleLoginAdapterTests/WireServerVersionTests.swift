@testable import SingleLoginAdapter
import Testing

@Suite("The kit's hosts send the device surfaces only to a harness that reads them")
struct WireServerVersionTests {
    @Test(
        "1.4 and later read the surfaces; 1.0 to 1.3 do not; an unreadable version is taken as this build's",
        arguments: [
            ("1.4", true), ("1.10", true), ("2.0", true), ("1.3", false), ("1.0", false), (nil, true), ("x", true),
        ] as [(String?, Bool)])
    func readsSurfaces(version: String?, reads: Bool) {
        #expect(WireServer.readsDeviceSurfaces(version) == reads)
    }

    @Test("an observation for an older harness keeps its sandbox and drops its surfaces")
    func downgrade() {
        let observation = Observation(
            running: true, crashed: false, signedInAccount: nil, screen: [],
            storage: [StoredItem(.file, "a", "1"), StoredItem(.notification, "pending/x", "2"), StoredItem(.snapshot, "switcher", "3")])
        #expect(observation.forHarness(minor: 3).storage == [StoredItem(.file, "a", "1")])
        #expect(observation.forHarness(minor: 4) == observation)
    }

    @Test("record marks go to a 1.6 harness only: an older one gets the same elements unmarked")
    func recordMarks() throws {
        let observation = Observation(
            running: true, signedInAccount: nil, screen: [ScreenElement(.text, "Hi, A.A."), .record("Shift task 1: Alice Adams")], storage: [])
        #expect(observation.forHarness(minor: 6) == observation)
        #expect(observation.forHarness(minor: WireServer.harnessMinor("1.6")).screen[1].isRecord)
        #expect(
            observation.forHarness(minor: WireServer.harnessMinor("1.5")).screen == [
                ScreenElement(.text, "Hi, A.A."), ScreenElement(.text, "Shift task 1: Alice Adams"),
            ])
        let line = String(decoding: observation.wireEncoded(), as: UTF8.self)
        #expect(line.contains(#"{"kind":"text","record":true,"text":"Shift task 1: Alice Adams"}"#), "\(line)")
        #expect(line.contains(#"{"kind":"text","text":"Hi, A.A."}"#), "\(line)")
        #expect(try Observation.decode(wire: ArraySlice(observation.wireEncoded())) == observation)
    }
}
