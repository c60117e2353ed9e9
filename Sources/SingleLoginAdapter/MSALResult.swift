import Foundation

/// `MSALResult`: what a successful token acquisition returns.
public struct MSALResult: Hashable, Codable, Sendable {
    /// The access token for the requested resource.
    public var accessToken: String
    /// The id token; OPTIONAL in MSAL. A missing one is a failure to handle, never a force unwrap.
    public var idToken: String?
    /// When the access token expires.
    public var expiresOn: Date?
    /// The scopes GRANTED, possibly fewer than asked for.
    public var scopes: [String]
    /// The account the token belongs to.
    public var account: MSALAccount
    /// The tenant the token was issued in.
    public var tenantId: String
    /// The correlation id of the request.
    public var correlationId: String
    /// The authority that issued the token.
    public var authority: String

    /// Creates a result.
    public init(accessToken: String, idToken: String?, expiresOn: Date?, scopes: [String], account: MSALAccount, tenantId: String, correlationId: String, authority: String) {
        self.accessToken = accessToken
        self.idToken = idToken
        self.expiresOn = expiresOn
        self.scopes = scopes
        self.account = account
        self.tenantId = tenantId
        self.correlationId = correlationId
        self.authority = authority
    }
}

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

/// `MSALPromptType`.
public enum PromptType: String, Codable, Sendable, CaseIterable {
    /// 0: show the account picker.
    case selectAccount
    /// 1: ask for credentials again.
    case login
    /// 2: ask for consent again.
    case consent
    /// 3: offer to create an account.
    case create
    /// 4: the default, prompt only when needed.
    case promptIfNecessary
}

/// `MSALInteractiveTokenParameters(scopes:webviewParameters:)`.
public struct InteractiveTokenParameters: Hashable, Codable, Sendable {
    /// The scopes asked for.
    public var scopes: [String]
    /// Extra scopes to consent to now, so later silent calls need no second prompt.
    public var extraScopesToConsent: [String]
    /// The prompt behaviour.
    public var promptType: PromptType
    /// Prefills the username field.
    public var loginHint: String?

    /// Creates the parameters.
    public init(scopes: [String], extraScopesToConsent: [String] = [], promptType: PromptType = .promptIfNecessary, loginHint: String? = nil) {
        self.scopes = scopes
        self.extraScopesToConsent = extraScopesToConsent
        self.promptType = promptType
        self.loginHint = loginHint
    }
}

/// `MSALSignoutParameters`.
public struct SignoutParameters: Hashable, Codable, Sendable {
    /// The account's identifier.
    public var accountIdentifier: String
    /// Also sign out of the browser session (default false).
    public var signoutFromBrowser: Bool
    /// Remove the account from the device.
    public var wipeAccount: Bool

    /// Creates the parameters.
    public init(accountIdentifier: String, signoutFromBrowser: Bool = false, wipeAccount: Bool = false) {
        self.accountIdentifier = accountIdentifier
        self.signoutFromBrowser = signoutFromBrowser
        self.wipeAccount = wipeAccount
    }
}
