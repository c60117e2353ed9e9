/// An empty object, for `{}` params and results.
public struct WireEmpty: Codable, Sendable, Hashable {
    /// Creates `{}`.
    public init() {}
}
