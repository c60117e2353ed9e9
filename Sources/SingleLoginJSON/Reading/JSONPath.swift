/// Builds JSON paths such as `$.requirements[0].scenarios[1]` for diagnostics.
public enum JSONPath {
    /// The path of the root value.
    public static let root = "$"

    /// `path.key`, or `path["odd key"]` when the key is not a plain identifier.
    public static func appending(key: String, to path: String) -> String {
        if isIdentifier(key) { return path + "." + key }
        var escaped = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20: escaped += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return path + "[" + escaped + "\"]"
    }

    /// `path[index]`.
    public static func appending(index: Int, to path: String) -> String {
        path + "[" + String(index) + "]"
    }

    /// The path a `Decodable`'s coding path names: `$.screen[0].kind`, as the spec's diagnostics
    /// write theirs.
    public static func of(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(root) { path, key in key.intValue.map { appending(index: $0, to: path) } ?? appending(key: key.stringValue, to: path) }
    }

    /// Whether `key` can be written after a dot: ASCII letters, digits, `_` and `$`, not starting with a digit.
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
