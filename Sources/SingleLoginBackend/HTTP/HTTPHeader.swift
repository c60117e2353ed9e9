/// One header field.
public struct HTTPHeader: Sendable, Hashable {
    /// The name as written.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a header field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
