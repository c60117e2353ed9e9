/// `MSALSilentTokenParameters(scopes:account:)`: a token with no UI, for an account.
public final class MSALSilentTokenParameters: MSALTokenParameters {
    /// Skip the cached access token and get a new one (MSAL's default: false).
    public var forceRefresh = false
    /// When the SSO extension fails, let MSAL try the app's own refresh token (MSAL's default: true).
    public var allowUsingLocalCachedRtWhenSsoExtFailed = true

    /// Parameters for `scopes` of `account`, as `MSALSilentTokenParameters(scopes:account:)`.
    public init(scopes: [String], account: MSALAccount) {
        super.init(scopes: scopes)
        self.account = account
    }
}
