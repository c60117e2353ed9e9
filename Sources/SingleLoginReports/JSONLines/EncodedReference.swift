/// A cited document on the wire.
public struct EncodedReference: Codable, Hashable, Sendable {
    /// The article's title.
    public var title: String
    /// Its address.
    public var url: String
}
