import SingleLoginSpec

/// A JSON value that keeps its object members in the order written, for token headers, claims
/// and the tenant's documents (Entra writes `typ`, `alg`, `kid` in that order; readers do not care,
/// people reading a failure do).
public indirect enum JSONText: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    /// A string.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONText])
    /// An object, members in order.
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONText
    }

    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// An object from key-value pairs in order.
    public static func members(_ pairs: KeyValuePairs<String, JSONText>) -> JSONText {
        .object(pairs.map { Member(key: $0.key, value: $0.value) })
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> JSONText? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The object with `key` set to `value` (replaced in place, or appended), or without it when `value` is nil.
    public func setting(_ key: String, _ value: JSONText?) -> JSONText {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            if let value { members[index].value = value } else { members.remove(at: index) }
        } else if let value {
            members.append(Member(key: key, value: value))
        }
        return .object(members)
    }

    /// Compact JSON (no spaces), strings escaped as RFC 8259 requires and `/` left alone.
    public var compact: String {
        var text = ""
        write(into: &text, indent: nil, level: 0)
        return text
    }

    /// JSON with two-space indentation, for reports.
    public var pretty: String {
        var text = ""
        write(into: &text, indent: "  ", level: 0)
        return text
    }

    private func write(into text: inout String, indent: String?, level: Int) {
        switch self {
        case .string(let value): WrittenJSON.quote(value, into: &text)
        case .integer(let value): text += String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, into: &text, indent: indent, level: level) { index, text in
                elements[index].write(into: &text, indent: indent, level: level + 1)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, into: &text, indent: indent, level: level) { index, text in
                WrittenJSON.quote(members[index].key, into: &text)
                text += indent == nil ? ":" : ": "
                members[index].value.write(into: &text, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, into text: inout String, indent: String?, level: Int, element: (Int, inout String) -> Void
    ) {
        text += open
        guard count > 0 else { text += close; return }
        for index in 0..<count {
            if index > 0 { text += "," }
            if let indent { text += "\n" + String(repeating: indent, count: level + 1) }
            element(index, &text)
        }
        if let indent { text += "\n" + String(repeating: indent, count: level) }
        text += close
    }
}
