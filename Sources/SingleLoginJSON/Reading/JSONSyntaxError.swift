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
