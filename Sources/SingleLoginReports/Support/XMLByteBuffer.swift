/// A growing buffer of UTF-8 bytes that XML is written into, escaping and cleaning text on the way.
///
/// Text goes through one pass over its UTF-8 bytes: `& < > " '` become entities (so no raw `]]>`
/// can ever appear), characters XML 1.0 forbids are dropped (C0 controls but tab, LF and CR;
/// U+FFFE and U+FFFF), C1 controls are dropped too, and ANSI escape sequences are stripped.
/// No intermediate strings are built, so rendering stays linear in the size of the output.
public struct XMLByteBuffer: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty buffer, reserving `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends ASCII or UTF-8 markup verbatim (element names, fixed attribute syntax).
    public mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `markup` verbatim, then `value` escaped as an attribute value: one attribute, as in
    /// `raw("\" name=\"", attribute: name)`.
    public mutating func raw(_ markup: StaticString, attribute value: String) {
        raw(markup)
        text(value, attribute: true)
    }

    /// Appends bytes that are already XML (a piece rendered earlier), verbatim.
    mutating func append(rendered piece: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: piece)
    }

    /// Empties the buffer, keeping its storage for what comes next.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends a non-negative decimal integer.
    public mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            integer(-value)
            return
        }
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        var digits:
            (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            )
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { storage in
            while rest > 0 {
                storage[count] = UInt8(ascii: "0") &+ UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) {
                bytes.append(storage[index])
            }
        }
    }

    /// Appends a duration in seconds as fixed point with exactly three decimals, never an exponent.
    ///
    /// Negative, NaN and infinite values are written as `0.000`.
    public mutating func seconds(_ value: Double) {
        let millis: Int
        if value.isFinite, value > 0, value < 9.0e15 {
            millis = Int((value * 1000).rounded())
        } else {
            millis = 0
        }
        integer(millis / 1000)
        bytes.append(UInt8(ascii: "."))
        let fraction = millis % 1000
        if fraction < 100 { bytes.append(UInt8(ascii: "0")) }
        if fraction < 10 { bytes.append(UInt8(ascii: "0")) }
        integer(fraction)
    }

    /// Appends text as element content or an attribute value, escaped and cleaned.
    ///
    /// In attributes (`attribute: true`) tab, LF and CR are written as character references
    /// so that attribute-value normalisation cannot turn them into spaces.
    public mutating func text(_ text: String, attribute: Bool = false) {
        var text = text
        text.withUTF8 { append(escaping: $0, attribute: attribute) }
    }

    /// Appends escaped, cleaned text from UTF-8 bytes (see ``text(_:attribute:)``).
    public mutating func append(escaping utf8: UnsafeBufferPointer<UInt8>, attribute: Bool, markup: Bool = true) {
        var index = 0
        let count = utf8.count
        var runStart = 0
        @inline(__always) func flush(_ end: Int) {
            if end > runStart {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<end]))
            }
        }
        while index < count {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard markup else {
                    index += 1
                    continue
                }
                flush(index)
                switch byte {
                case UInt8(ascii: "&"): raw("&amp;")
                case UInt8(ascii: "<"): raw("&lt;")
                case UInt8(ascii: ">"): raw("&gt;")
                case UInt8(ascii: "\""): raw("&quot;")
                default: raw("&apos;")
                }
                index += 1
                runStart = index
            case 0x09, 0x0A, 0x0D:
                if attribute {
                    flush(index)
                    switch byte {
                    case 0x09: raw("&#9;")
                    case 0x0A: raw("&#10;")
                    default: raw("&#13;")
                    }
                    runStart = index + 1
                }
                index += 1
            case 0x1B:
                flush(index)
                index = ANSIEscape.end(ofSequenceAt: index, in: utf8)
                runStart = index
            case 0x00...0x1F, 0x7F:
                flush(index)
                index += 1
                runStart = index
            case 0xC2 where index + 1 < count && (0x80...0x9F).contains(utf8[index + 1]):
                // A C1 control: U+009B is a CSI introducer, the rest are dropped.
                flush(index)
                if utf8[index + 1] == 0x9B {
                    index = ANSIEscape.end(ofCSIParametersAt: index + 2, in: utf8)
                } else {
                    index += 2
                }
                runStart = index
            case 0xEF where index + 2 < count && utf8[index + 1] == 0xBF && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                // U+FFFE and U+FFFF are not XML characters.
                flush(index)
                index += 3
                runStart = index
            default:
                index += 1
            }
        }
        flush(count)
    }
}
