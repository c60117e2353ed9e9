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
    /// With webview parameters: whether their `parentViewController` is in a window. On iOS MSAL
    /// fails the signout with -50000/-42000, and removes nothing, when it is nil or not in a window
    /// yet, whether or not `signoutFromBrowser` is set. On the wire (protocol 1.5)
    /// `"parentInWindow": false`, absent when true.
    public var parentInWindow: Bool

    /// Creates the parameters.
    public init(
        accountIdentifier: String?, signoutFromBrowser: Bool = false, wipeAccount: Bool = false, wipeCacheForAllAccounts: Bool = false,
        hasWebviewParameters: Bool = false, parentInWindow: Bool = true
    ) {
        self.parentInWindow = parentInWindow
        self.accountIdentifier = accountIdentifier
        self.signoutFromBrowser = signoutFromBrowser
        self.wipeAccount = wipeAccount
        self.wipeCacheForAllAccounts = wipeCacheForAllAccounts
        self.hasWebviewParameters = hasWebviewParameters
    }

    private enum CodingKeys: String, CodingKey {
        case accountIdentifier, signoutFromBrowser, wipeAccount, wipeCacheForAllAccounts, hasWebviewParameters, parentInWindow
    }

    /// Decodes; every field may be absent (booleans default to false).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accountIdentifier = try container.decodeIfPresent(String.self, forKey: .accountIdentifier)
        signoutFromBrowser = try container.decodeIfPresent(Bool.self, forKey: .signoutFromBrowser) ?? false
        wipeAccount = try container.decodeIfPresent(Bool.self, forKey: .wipeAccount) ?? false
        wipeCacheForAllAccounts = try container.decodeIfPresent(Bool.self, forKey: .wipeCacheForAllAccounts) ?? false
        hasWebviewParameters = try container.decodeIfPresent(Bool.self, forKey: .hasWebviewParameters) ?? false
        parentInWindow = try container.decodeIfPresent(Bool.self, forKey: .parentInWindow) ?? true
    }

    /// Encodes; `parentInWindow` only when false, so a signout reads as it did before protocol 1.5.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(accountIdentifier, forKey: .accountIdentifier)
        try container.encode(signoutFromBrowser, forKey: .signoutFromBrowser)
        try container.encode(wipeAccount, forKey: .wipeAccount)
        try container.encode(wipeCacheForAllAccounts, forKey: .wipeCacheForAllAccounts)
        try container.encode(hasWebviewParameters, forKey: .hasWebviewParameters)
        if !parentInWindow { try container.encode(false, forKey: .parentInWindow) }
    }
}
