import Foundation
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginJSON
import SingleLoginTransport
import Testing

/// A value that does not decode names where it failed as the spec's diagnostics do (`$.screen[1].kind`),
/// in an adapter's protocol error and in a device trace's.
@Suite("A decoding error's place is one JSON path, on the wire and in a trace")
struct DecodingPathTests {
    static func wireError(_ json: String) -> String {
        do {
            _ = try WireCodec.decoder.decode(Observation.self, from: Data(json.utf8))
            return "decoded"
        } catch { return JSONRPCSession.describe(error) }
    }

    @Test("the wire's messages: an index is written [1], never 'Index 1', under the root $")
    func wireMessages() {
        #expect(
            Self.wireError(#"{"running":true,"crashed":false,"screen":[{"kind":"text","text":"a"},{"kind":7,"text":"b"}],"storage":[]}"#)
                .hasPrefix("'$.screen[1].kind' is not String"))
        #expect(Self.wireError(#"{"crashed":false,"screen":[],"storage":[]}"#) == "missing '$.running'")
    }

    @Test("a key that is no identifier is quoted, as in a spec's diagnostics")
    func oddKeys() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = String(intValue)
                self.intValue = intValue
            }
        }
        #expect(JSONPath.of([]) == "$")
        #expect(JSONPath.of([Key(stringValue: "storage"), Key(intValue: 0), Key(stringValue: "a key")]) == #"$.storage[0]["a key"]"#)
    }
}
