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
