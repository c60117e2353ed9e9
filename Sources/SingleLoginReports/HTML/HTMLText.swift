/// Text made safe for an HTML page: in element content and in quoted attribute values alike.
///
/// Everything the report shows comes from an app, an adapter's stderr or a spec, so all of it is
/// escaped: `& < > " '` become character references, and what a browser would render as garbage
/// or treat specially (C0 controls but tab and newline, ANSI escapes, U+FFFE/U+FFFF) is dropped.
enum HTMLText {
    /// `text` escaped, with control characters and ANSI escapes removed.
    static func escape(_ text: String) -> String {
        var out = ""
        escape(text, into: &out)
        return out
    }

    /// Appends `text`, escaped, to `out` (the fast path appends clean text unchanged).
    static func escape(_ text: String, into out: inout String) {
        if isClean(text) {
            out += text
            return
        }
        for scalar in PlainText.clean(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\r": break
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether `text` is printable ASCII (with tabs and newlines) and holds no markup character.
    private static func isClean(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x7F: return false
            case 0x09, 0x0A: continue
            case 0x00..<0x20: return false
            case 0x80...: return false  // non-ASCII takes the careful path (C1 controls, non-characters)
            default: continue
            }
        }
        return true
    }

}
