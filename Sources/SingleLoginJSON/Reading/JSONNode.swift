/// A JSON value together with the position where it starts.
public struct JSONNode: Hashable, Sendable {
    /// The value.
    public var value: JSONValueTree
    /// Where its first character is.
    public var position: JSONPosition

    /// `a string`, `an object`...: the kind of value, for messages such as "expected a string, found a number".
    public var kindDescription: String { value.kindDescription }
}
