/// A requirement as reports show it, on the wire.
public struct EncodedRequirement: Codable, Hashable, Sendable {
    /// Its ID.
    public var id: String
    /// `MUST` or `SHOULD`.
    public var level: String
    /// Its title.
    public var title: String
    /// Its tags.
    public var tags: [String]
    /// Its references: `{"title", "url"}`.
    public var references: [EncodedReference]
    /// The device surfaces it is about (`notification`, `spotlight`, ...), absent when none.
    public var surfaces: [String]? = nil
}
