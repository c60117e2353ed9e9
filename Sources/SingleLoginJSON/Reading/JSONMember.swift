/// A key and its value in a JSON object.
public struct JSONMember: Hashable, Sendable {
    /// The key, unescaped.
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: JSONPosition
    /// The value.
    public var value: JSONNode
}
