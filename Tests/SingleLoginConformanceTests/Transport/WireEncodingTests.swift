import Foundation
import Testing
@testable import SingleLoginAdapter

@Suite("The wire's direct writing of observations")
struct WireEncodingTests {
    static let texts = [
        "", "plain", "quote \" back \\ slash / url https://x.example/a?b=c", "nl\ncr\rtab\tbs\u{8}ff\u{C} nul\u{0} esc\u{1B} us\u{1F} del\u{7F}",
        "é ü 中文 😀 \u{2028}\u{2029} \u{FFFD} \u{FEFF}", String(repeating: "x", count: 5000),
    ]

    @Test("an observation is written byte for byte as the encoder writes it, whatever its strings hold")
    func sameAsEncoder() throws {
        var observations: [Observation] = [Observation(running: false, signedInAccount: nil, screen: [], storage: [])]
        for (index, text) in Self.texts.enumerated() {
            observations.append(
                Observation(
                    running: index % 2 == 0, crashed: index % 3 == 0, signedInAccount: index % 2 == 0 ? text : nil,
                    screen: [ScreenElement(.text, text), ScreenElement(.signInSheet, "b")],
                    storage: [StoredItem(.keychain, text, text), StoredItem(.memory, "k", "")]))
        }
        for observation in observations {
            let expected = Array(try WireCodec.encoder.encode(observation))
            #expect(observation.wireEncoded() == expected, "\(String(decoding: expected.prefix(300), as: UTF8.self))")
            #expect(try Observation.decode(wire: observation.wireEncoded()[...]) == observation, "and it reads back")
        }
    }
}
