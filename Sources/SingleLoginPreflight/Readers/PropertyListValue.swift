import Foundation

/// A property list value (Info.plist, entitlements, project.pbxproj), as a Sendable tree.
public indirect enum PropertyListValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// A real number.
    case real(Double)
    /// A Boolean.
    case bool(Bool)
    /// A date.
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// An array.
    case array([PropertyListValue])
    /// A dictionary.
    case dictionary([String: PropertyListValue])

    /// Converts what `PropertyListSerialization` returns; values it cannot represent become nil.
    public init?(foundation value: Any) {
        switch value {
        case let bool as Bool where type(of: value) == Bool.self:
            self = .bool(bool)
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            let double = number.doubleValue
            if double.rounded() == double, let int = Int(exactly: double) {
                self = .integer(int)
            } else {
                self = .real(double)
            }
        case let date as Date:
            self = .date(date)
        case let data as Data:
            self = .data(data)
        case let array as [Any]:
            self = .array(array.compactMap(PropertyListValue.init(foundation:)))
        case let dictionary as [String: Any]:
            self = .dictionary(dictionary.compactMapValues(PropertyListValue.init(foundation:)))
        case let dictionary as [AnyHashable: Any]:
            var result: [String: PropertyListValue] = [:]
            for (key, element) in dictionary {
                if let key = key.base as? String, let converted = PropertyListValue(foundation: element) { result[key] = converted }
            }
            self = .dictionary(result)
        default:
            return nil
        }
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [PropertyListValue]? {
        if case let .array(value) = self { return value }
        return nil
    }

    /// The entries, when this is a dictionary.
    public var dictionaryValue: [String: PropertyListValue]? {
        if case let .dictionary(value) = self { return value }
        return nil
    }

    /// The value under `key`, when this is a dictionary.
    public subscript(key: String) -> PropertyListValue? {
        dictionaryValue?[key]
    }

    /// The strings of an array (non-strings skipped), or a single string as a one-element list.
    public var strings: [String] {
        switch self {
        case let .string(value): return [value]
        case let .array(values): return values.compactMap(\.stringValue)
        default: return []
        }
    }

    /// A short name of the value's type, for messages: `string`, `array`, ...
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }
}
