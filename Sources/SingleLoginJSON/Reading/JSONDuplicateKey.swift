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
