/// A broker or backend call's parameters as the event stream and the device trace write them: the
/// fields of its method, each absent when the method has no such field or the app passed nil.
/// Names are the adapter kit's (`SilentTokenParameters`, `InteractiveTokenParameters`,
/// `SignoutParameters`), so a recorded call and a simulated one read into the same `BrokerCall`.
public struct BrokerCallParameters: Codable, Sendable, Hashable {
    /// Token calls: the scopes asked for.
    public var scopes: [String]?
    /// `acquireToken`: extra scopes to consent to now.
    public var extraScopesToConsent: [String]?
    /// `acquireToken`: the prompt type, e.g. `selectAccount`.
    public var promptType: String?
    /// `acquireToken`: the login hint, as the app passed it.
    public var loginHint: String?
    /// `acquireTokenSilent`, `acquireToken`, `signout`, `removeAccount`: the account's identifier.
    public var accountIdentifier: String?
    /// `acquireTokenSilent`: skip the cached access token (`forceRefresh`).
    public var forceRefresh: Bool?
    /// `acquireTokenSilent`: MSAL's fallback to the app's own refresh token.
    public var allowUsingLocalCachedRtWhenSsoExtFailed: Bool?
    /// `acquireToken`, `signout`: whether the web view's parent view controller was in a window.
    public var parentInWindow: Bool?
    /// `signout`: also end the browser session.
    public var signoutFromBrowser: Bool?
    /// `signout`: remove the account's records for every client.
    public var wipeAccount: Bool?
    /// `signout`: remove every account of the keychain group.
    public var wipeCacheForAllAccounts: Bool?
    /// `signout`: whether the app passed web view parameters.
    public var hasWebviewParameters: Bool?
    /// `accountForIdentifier`: the identifier looked up.
    public var identifier: String?
    /// `accountForUsername`: the username looked up.
    public var username: String?
    /// `fetchRecords`: the access token the app sent (in a device trace, its keyed digest).
    public var accessToken: String?

    /// No parameters: every field absent.
    public init() {}
}
