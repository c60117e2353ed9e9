/// `MSALSignoutParameters` and the account passed to `signout(with:signoutParameters:completionBlock:)`.
public struct SignoutParameters: Hashable, Codable, Sendable {
    /// The account's identifier; nil fails with -50000/-42000 and removes nothing, as in MSAL.
    public var accountIdentifier: String?
    /// Also end the browser session (default false). Without webview parameters MSAL fails with
    /// -50000/-42000 and removes nothing.
    public var signoutFromBrowser: Bool
    /// Remove the account's tokens and records for every client id, not just this app's.
    public var wipeAccount: Bool
    /// Remove every account of every client in the keychain group, including what getCurrentAccount
    /// remembers for `previousAccount`.
    public var wipeCacheForAllAccounts: Bool
    /// Whether the app created the parameters with `init(webviewParameters:)` (a view controller in a window).
    public var hasWebviewParameters: Bool

    /// Creates the parameters.
    public init(
        accountIdentifier: String?, signoutFromBrowser: Bool = false, wipeAccount: Bool = false, wipeCacheForAllAccounts: Bool = false,
        hasWebviewParameters: Bool = false
    ) {
        self.accountIdentifier = accountIdentifier
        self.signoutFromBrowser = signoutFromBrowser
        self.wipeAccount = wipeAccount
        self.wipeCacheForAllAccounts = wipeCacheForAllAccounts
        self.hasWebviewParameters = hasWebviewParameters
    }

    private enum CodingKeys: String, CodingKey { case accountIdentifier, signoutFromBrowser, wipeAccount, wipeCacheForAllAccounts, hasWebviewParameters }

    /// Decodes; every field may be absent (booleans default to false).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accountIdentifier = try container.decodeIfPresent(String.self, forKey: .accountIdentifier)
        signoutFromBrowser = try container.decodeIfPresent(Bool.self, forKey: .signoutFromBrowser) ?? false
        wipeAccount = try container.decodeIfPresent(Bool.self, forKey: .wipeAccount) ?? false
        wipeCacheForAllAccounts = try container.decodeIfPresent(Bool.self, forKey: .wipeCacheForAllAccounts) ?? false
        hasWebviewParameters = try container.decodeIfPresent(Bool.self, forKey: .hasWebviewParameters) ?? false
    }
}
