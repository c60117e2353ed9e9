/// A JSON value whose children keep their positions.
public enum JSONValueTree: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written.
    case number(JSONNumber)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONNode])
    /// An object, members in file order (keys are unique unless the parser was told to keep duplicates).
    case object([JSONMember])

    /// `null`, `a boolean`, `a number`, `a string`, `an array`, `an object`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number(let number): number.integerValue == nil ? "a number" : "an integer"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
