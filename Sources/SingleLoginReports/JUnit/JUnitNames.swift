/// Normalises names and one-line messages: cleaned, whitespace collapsed, never empty.
public enum JUnitNames {
    /// `text` cleaned (see ``PlainText``) with runs of whitespace as one space and no ends; `fallback` when empty.
    public static func normalize(_ text: String, fallback: String) -> String {
        if isAlreadyNormal(text) { return text }
        let cleaned = PlainText.clean(text)
        let collapsed = cleaned.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
        return collapsed.isEmpty ? fallback : collapsed
    }

    /// Fast path: printable ASCII (and UTF-8 past the C1 range) with single inner spaces.
    private static func isAlreadyNormal(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        var sawAny = false
        for byte in text.utf8 {
            switch byte {
            case 0x21...0x7E: break
            case 0x20: if previous == 0x20 { return false }
            default: return false
            }
            previous = byte
            sawAny = true
        }
        return sawAny && previous != 0x20
    }
}
