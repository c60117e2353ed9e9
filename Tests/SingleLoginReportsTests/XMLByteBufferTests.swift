import Foundation
import Testing
@testable import SingleLoginReports

@Suite("XML text is escaped and cleaned in one pass")
struct XMLByteBufferTests {
    static func content(_ text: String, attribute: Bool = false) -> String {
        var buffer = XMLByteBuffer()
        buffer.text(text, attribute: attribute)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test(
        "Markup characters become entities",
        arguments: [
            ("a & b", "a &amp; b"), ("<x>", "&lt;x&gt;"), ("\"q\"", "&quot;q&quot;"), ("it's", "it&apos;s"),
            ("end ]]> here", "end ]]&gt; here"), ("naïve ✅", "naïve ✅"),
        ])
    func escapes(_ input: String, _ expected: String) {
        #expect(Self.content(input) == expected)
    }

    @Test(
        "Characters XML 1.0 forbids are dropped, allowed ones kept",
        arguments: [
            ("a\u{0}b\u{1}c\u{8}d\u{B}e\u{C}f\u{1F}g\u{7F}h", "abcdefgh"),
            ("tab\tlf\ncr\r", "tab\tlf\ncr\r"),
            ("x\u{FFFE}y\u{FFFF}z", "xyz"),
            ("bad \u{FFFD} byte", "bad \u{FFFD} byte"),
            ("c1\u{85}\u{9F}end", "c1end"),
        ])
    func drops(_ input: String, _ expected: String) {
        #expect(Self.content(input) == expected)
    }

    @Test(
        "ANSI escape sequences are stripped",
        arguments: [
            ("\u{1B}[31mred\u{1B}[0m", "red"),
            ("\u{1B}[1;32;40mbold\u{1B}[m", "bold"),
            ("\u{1B}]0;window title\u{7}text", "text"),
            ("\u{1B}]8;;https://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
            ("\u{1B}(Bascii", "ascii"),
            ("\u{9B}2Jcleared", "cleared"),
            ("trailing \u{1B}", "trailing "),
            ("\u{1B}[", ""),
        ])
    func stripsANSI(_ input: String, _ expected: String) {
        #expect(Self.content(input) == expected)
    }

    @Test("In attributes, tab, LF and CR survive as character references")
    func attributeWhitespace() {
        #expect(Self.content("a\tb\nc\rd", attribute: true) == "a&#9;b&#10;c&#13;d")
    }

    @Test(
        "Seconds are fixed point with three decimals, never an exponent",
        arguments: [
            (0.0, "0.000"), (0.00001, "0.000"), (1.2e-5, "0.000"), (0.0005, "0.001"), (1.5, "1.500"),
            (1234.56789, "1234.568"), (-3, "0.000"), (.nan, "0.000"), (.infinity, "0.000"), (86_400.1, "86400.100"),
        ])
    func seconds(_ value: Double, _ expected: String) {
        var buffer = XMLByteBuffer()
        buffer.seconds(value)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
    }

    @Test(
        "Timestamps are UTC without a zone",
        arguments: [
            (0.0, "1970-01-01T00:00:00"), (1_740_821_400.75, "2025-03-01T09:30:00"), (951_782_400, "2000-02-29T00:00:00"), (-1, "1969-12-31T23:59:59"),
        ])
    func timestamps(_ seconds: Double, _ expected: String) {
        #expect(UTCDate.junitTimestamp(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("Plain text for people loses escapes and controls but keeps markup characters")
    func plainText() {
        #expect(PlainText.clean("\u{1B}[31m<a & b>\u{1B}[0m\r\n\u{7}") == "<a & b>\n")
    }
}
