/// A type the wire encodes straight into bytes: the same bytes ``WireCodec/encoder`` writes
/// (keys sorted, no spaces, slashes unescaped), without its containers and boxes.
///
/// An ``Observation`` answers every event and observe, so the adapter kit writes it directly;
/// a test holds it to the encoder's output byte for byte.
public protocol WireEncodable: Encodable {
    /// The value as one JSON value's bytes.
    func wireEncoded() -> [UInt8]
}

extension Observation: WireEncodable {
    /// `{"crashed":...,"running":...,"screen":[...],"signedInAccount":...,"storage":[...]}`.
    public func wireEncoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 + screen.reduce(0) { $0 + $1.text.utf8.count + 24 } + storage.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 32 })
        out.append(contentsOf: #"{"crashed":"#.utf8)
        out.append(contentsOf: crashed ? Self.trueBytes : Self.falseBytes)
        out.append(contentsOf: #","running":"#.utf8)
        out.append(contentsOf: running ? Self.trueBytes : Self.falseBytes)
        out.append(contentsOf: #","screen":["#.utf8)
        for (index, element) in screen.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"kind":"#.utf8)
            WireStringEscaper.append(element.kind.rawValue, to: &out)
            out.append(contentsOf: #","text":"#.utf8)
            WireStringEscaper.append(element.text, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if let signedInAccount {
            out.append(contentsOf: #","signedInAccount":"#.utf8)
            WireStringEscaper.append(signedInAccount, to: &out)
        }
        out.append(contentsOf: #","storage":["#.utf8)
        for (index, item) in storage.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"area":"#.utf8)
            WireStringEscaper.append(item.area.rawValue, to: &out)
            out.append(contentsOf: #","key":"#.utf8)
            WireStringEscaper.append(item.key, to: &out)
            out.append(contentsOf: #","value":"#.utf8)
            WireStringEscaper.append(item.value, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }

    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
}

/// Writes a JSON string as ``WireCodec/encoder`` does: quotes, `\"` and `\\`, the short escapes
/// for backspace, form feed, newline, return and tab, `\u00XX` for other control characters,
/// and everything else (slashes, non-ASCII) as it is.
enum WireStringEscaper {
    static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
