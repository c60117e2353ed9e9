/// `MSALSilentTokenParameters(scopes:account:)`.
public struct SilentTokenParameters: Hashable, Codable, Sendable {
    /// The scopes asked for.
    public var scopes: [String]
    /// The account's identifier.
    public var accountIdentifier: String
    /// Skip the cache and refresh.
    public var forceRefresh: Bool

    /// Creates the parameters.
    public init(scopes: [String], accountIdentifier: String, forceRefresh: Bool = false) {
        self.scopes = scopes
        self.accountIdentifier = accountIdentifier
        self.forceRefresh = forceRefresh
    }
}
