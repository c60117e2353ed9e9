/// `MSALSilentTokenParameters(scopes:account:)`.
public struct SilentTokenParameters: Hashable, Codable, Sendable {
    /// The scopes asked for.
    public var scopes: [String]
    /// The account's identifier; nil (no account) fails with InteractionRequired (-50002), as in MSAL.
    public var accountIdentifier: String?
    /// Skip the cached access token and get a new one.
    public var forceRefresh: Bool
    /// `allowUsingLocalCachedRtWhenSsoExtFailed` (MSAL's default: true): when the SSO extension fails,
    /// MSAL tries the app's own refresh token, and the app sees that attempt's outcome (in Shared Device
    /// Mode normally -50002) instead of the extension's error. False: the extension's error as it is.
    public var allowUsingLocalCachedRtWhenSsoExtFailed: Bool

    /// Creates the parameters.
    public init(scopes: [String], accountIdentifier: String?, forceRefresh: Bool = false, allowUsingLocalCachedRtWhenSsoExtFailed: Bool = true) {
        self.scopes = scopes
        self.accountIdentifier = accountIdentifier
        self.forceRefresh = forceRefresh
        self.allowUsingLocalCachedRtWhenSsoExtFailed = allowUsingLocalCachedRtWhenSsoExtFailed
    }

    private enum CodingKeys: String, CodingKey { case scopes, accountIdentifier, forceRefresh, allowUsingLocalCachedRtWhenSsoExtFailed }

    /// Decodes; every field but `scopes` may be absent (a 1.0 adapter sends no `allowUsingLocalCachedRtWhenSsoExtFailed`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scopes = try container.decode([String].self, forKey: .scopes)
        accountIdentifier = try container.decodeIfPresent(String.self, forKey: .accountIdentifier)
        forceRefresh = try container.decodeIfPresent(Bool.self, forKey: .forceRefresh) ?? false
        allowUsingLocalCachedRtWhenSsoExtFailed = try container.decodeIfPresent(Bool.self, forKey: .allowUsingLocalCachedRtWhenSsoExtFailed) ?? true
    }
}
