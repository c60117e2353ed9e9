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
        #expect(observation.forHarness(surfaces: false).storage == [StoredItem(.file, "a", "1")])
        #expect(observation.forHarness(surfaces: true) == observation)
    }
}
