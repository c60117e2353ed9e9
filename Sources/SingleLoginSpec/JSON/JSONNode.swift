/// A position in a JSON text: 1-based line and column (in Unicode scalars), and the 0-based byte offset.
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in Unicode scalars.
    public var column: Int
    /// The byte offset from the start of the text, from 0.
    public var offset: Int

    /// Creates a position.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// A JSON value together with the position where it starts.
public struct JSONNode: Hashable, Sendable {
    /// The value.
    public var value: JSONValueTree
    /// Where its first character is.
    public var position: JSONPosition

    /// Creates a node.
    public init(_ value: JSONValueTree, at position: JSONPosition) {
        self.value = value
        self.position = position
    }

    /// `a string`, `an object`...: the kind of value, for messages such as "expected a string, found a number".
    public var kindDescription: String { value.kindDescription }
}

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

/// A key and its value in a JSON object.
public struct JSONMember: Hashable, Sendable {
    /// The key, unescaped.
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: JSONPosition
    /// The value.
    public var value: JSONNode

    /// Creates a member.
    public init(key: String, keyPosition: JSONPosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A JSON number as written, with its value as a double and, when it is a whole number that fits, as an Int.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The literal text, e.g. `-1.5e3`.
    public var text: String
    /// The value as a double (may lose precision; finite unless the literal overflows).
    public var doubleValue: Double
    /// The value as an Int when the literal has no fraction or exponent and fits.
    public var integerValue: Int?

    /// Creates a number from its literal text.
    public init(text: String) {
        self.text = text
        self.doubleValue = Double(text) ?? .nan
        self.integerValue = text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? nil : Int(text)
    }

    /// The literal text.
    public var description: String { text }
}

/// A key that appeared twice in one object.
public struct JSONDuplicateKey: Hashable, Sendable {
    /// The repeated key.
    public var key: String
    /// Where the repetition is.
    public var position: JSONPosition
    /// Where the key first appeared.
    public var firstPosition: JSONPosition
    /// The JSON path of the object holding it.
    public var objectPath: String
}

/// A violation of RFC 8259 (or of the parser's limits), with the position and path where it was found.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `trailing comma before '}'`.
    public var message: String
    /// How to fix it, when obvious.
    public var fix: String?
    /// Where the problem is.
    public var position: JSONPosition
    /// The JSON path of the value being read when it was found.
    public var path: String

    /// Creates a syntax error.
    public init(message: String, fix: String? = nil, position: JSONPosition, path: String) {
        self.message = message
        self.fix = fix
        self.position = position
        self.path = path
    }

    /// `line:column: message (at path)`.
    public var description: String { "\(position): \(message) (at \(path))" }
}
