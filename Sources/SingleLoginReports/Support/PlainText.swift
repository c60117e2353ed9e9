/// Cleans text for people: ANSI escape sequences stripped, control characters but tab and LF dropped.
public enum PlainText {
    /// `text` without ANSI escapes, C0/C1 controls (but tab and LF), U+FFFE or U+FFFF.
    public static func clean(_ text: String) -> String {
        var buffer = XMLByteBuffer(capacity: text.utf8.count)
        var text = text
        text.withUTF8 { buffer.append(escaping: $0, attribute: false, markup: false) }
        // CR is kept by the XML cleaner; people's text wants LF only.
        return String(decoding: buffer.bytes.filter { $0 != 0x0D }, as: UTF8.self)
    }
}

/// Finds where ANSI escape sequences end, so they can be skipped.
enum ANSIEscape {
    /// The index just past the escape sequence starting with ESC at `start`.
    static func end(ofSequenceAt start: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let count = utf8.count
        var index = start + 1
        guard index < count else { return index }
        let introducer = utf8[index]
        switch introducer {
        case UInt8(ascii: "["):
            return end(ofCSIParametersAt: index + 1, in: utf8)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            // OSC, DCS, SOS, PM, APC: a string ended by BEL or ST (ESC \).
            index += 1
            while index < count {
                if utf8[index] == 0x07 { return index + 1 }
                if utf8[index] == 0x1B {
                    return index + 1 < count && utf8[index + 1] == UInt8(ascii: "\\") ? index + 2 : index + 1
                }
                index += 1
            }
            return index
        case 0x20...0x2F:
            // nF sequences: intermediates, then one final byte.
            while index < count, (0x20...0x2F).contains(utf8[index]) { index += 1 }
            return index < count && (0x30...0x7E).contains(utf8[index]) ? index + 1 : index
        case 0x30...0x7E:
            return index + 1
        default:
            return index
        }
    }

    /// The index just past a CSI sequence's parameters, intermediates and final byte.
    static func end(ofCSIParametersAt start: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let count = utf8.count
        var index = start
        while index < count, (0x30...0x3F).contains(utf8[index]) { index += 1 }
        while index < count, (0x20...0x2F).contains(utf8[index]) { index += 1 }
        return index < count && (0x40...0x7E).contains(utf8[index]) ? index + 1 : index
    }
}
