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
        arguments: [[0xFF], [0xC3], [0x41, 0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xEF, 0xBF]] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(String(validUTF8: bytes) == nil)
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
