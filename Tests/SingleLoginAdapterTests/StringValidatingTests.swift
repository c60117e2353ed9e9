import Testing

@testable import SingleLoginAdapter

@Suite("Text from code units, only when they are valid")
struct StringValidatingTests {
    @Test("valid UTF-8 reads as itself", arguments: ["", "Alice", "Zoë Núñez", "李雷", "👩‍⚕️ ward 3", "\u{0}nul"])
    func validUTF8(text: String) {
        #expect(String(validUTF8: Array(text.utf8)) == text)
        #expect(String(validUTF8: Array(text.utf8)[...]) == text)
    }

    @Test(
        "invalid UTF-8 is nil, as String(validating:as:) says",
        arguments: [
            [0xFF], [0xC3], [0x41, 0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xEF, 0xBF], [0xC0, 0x80], [0xE0, 0x80, 0x80],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80],
        ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(String(validUTF8: bytes) == nil)
    }

    @Test("checking contiguous bytes agrees with decoding and reading back, on every one- and two-byte input and the edges of longer ones")
    func contiguousAgreesWithReadBack() {
        // A lazy map has no contiguous storage, so it takes the read-back path.
        func agree(_ bytes: [UInt8]) -> Bool { String(validUTF8: bytes) == String(validUTF8: bytes.lazy.map { $0 }) }
        var disagreements: [[UInt8]] = []
        for first in UInt8.min...UInt8.max {
            if !agree([first]) { disagreements.append([first]) }
            for second in UInt8.min...UInt8.max where !agree([first, second]) { disagreements.append([first, second]) }
        }
        for lead: UInt8 in [0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5] {
            for second in UInt8.min...UInt8.max {
                for third: UInt8 in [0x41, 0x7F, 0x80, 0xBF, 0xC0] {
                    if !agree([lead, second, third]) { disagreements.append([lead, second, third]) }
                    for fourth: UInt8 in [0x41, 0x80, 0xBF] where !agree([lead, second, third, fourth]) {
                        disagreements.append([lead, second, third, fourth])
                    }
                }
            }
        }
        #expect(Array(disagreements.prefix(5)) == [], "\(disagreements.count) inputs disagree")
    }

    @Test("the replacement character itself is valid text")
    func replacementCharacter() {
        #expect(String(validUTF8: Array("a\u{FFFD}b".utf8)) == "a\u{FFFD}b")
    }

    @Test("UTF-16: valid reads as itself, a lone surrogate is nil")
    func utf16() {
        #expect(String(validUTF16: Array("Zoë 👩‍⚕️".utf16)) == "Zoë 👩‍⚕️")
        #expect(String(validUTF16: [0x0041, 0xD83D]) == nil)
        #expect(String(validUTF16: [0xDC00, 0x0041]) == nil)
    }
}
