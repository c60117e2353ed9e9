/// Any JSON value, an object's members in the order they were given: what the wire carries where
/// its type depends on the method, and what the harness writes by hand (token headers and claims,
/// the tenant's documents, specs), where the order is the one people read.
public enum JSONValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; whole numbers are written without a fraction.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in order.
    case object([Member])

    /// One member of an object.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue

        /// Creates a member.
        public init(key: String, value: JSONValue) { (self.key, self.value) = (key, value) }
    }

    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// A whole number.
    public static func integer(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// An object from key-value pairs, in their order.
    public static func members(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { Member(key: $0.key, value: $0.value) })
    }

    /// The value of member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The object with `key` set to `value` (replaced in place, or appended), or without it when `value` is nil.
    public func setting(_ key: String, _ value: JSONValue?) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            if let value { members[index].value = value } else { members.remove(at: index) }
        } else if let value {
            members.append(Member(key: key, value: value))
        }
        return .object(members)
    }

    /// The whole number a number holds, when it is one that prints without a fraction.
    var wholeNumber: Int64? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int64(value)
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value; an object's members come in key order, since a decoder keeps none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(members.sorted { $0.key < $1.key }.map { Member(key: $0.key, value: $0.value) })
        }
    }

    /// Encodes the value; whole numbers as integers.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in members { try container.encode(member.value, forKey: MemberKey(member.key)) }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .number(let value): if let whole = wholeNumber { try container.encode(whole) } else { try container.encode(value) }
            case .string(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object: break
            }
        }
    }

    /// A member's key as a coding key.
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
