/// `MSALInteractiveTokenParameters(scopes:webviewParameters:)`.
public struct InteractiveTokenParameters: Hashable, Codable, Sendable {
    /// The scopes asked for: the returned token's scopes.
    public var scopes: [String]
    /// Extra scopes to consent to now, so later silent calls need no second prompt; NOT in the returned token's scopes.
    public var extraScopesToConsent: [String]
    /// The prompt behaviour.
    public var promptType: PromptType
    /// Prefills the username field; the account that signs in may differ.
    public var loginHint: String?
    /// `account`: the account the sheet is for, by identifier, when the app names one. If the app itself
    /// signed it out (signout or remove), MSAL forces `promptType` `login`.
    public var accountIdentifier: String?
    /// Whether the webview parameters' `parentViewController` is in a window. On iOS MSAL fails the
    /// call with -50000/-42000 before anything else when it is nil or not in a window yet (an app
    /// that presents sign-in from a view controller it has not shown). On the wire (protocol 1.5)
    /// `"parentInWindow": false`, absent when true.
    public var parentInWindow: Bool

    /// Creates the parameters.
    public init(
        scopes: [String], extraScopesToConsent: [String] = [], promptType: PromptType = .promptIfNecessary, loginHint: String? = nil,
        accountIdentifier: String? = nil, parentInWindow: Bool = true
    ) {
        self.parentInWindow = parentInWindow
        self.scopes = scopes
        self.extraScopesToConsent = extraScopesToConsent
        self.promptType = promptType
        self.loginHint = loginHint
        self.accountIdentifier = accountIdentifier
    }

    private enum CodingKeys: String, CodingKey { case scopes, extraScopesToConsent, promptType, loginHint, accountIdentifier, parentInWindow }

    /// Decodes; every field but `scopes` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scopes = try container.decode([String].self, forKey: .scopes)
        extraScopesToConsent = try container.decodeIfPresent([String].self, forKey: .extraScopesToConsent) ?? []
        promptType = try container.decodeIfPresent(PromptType.self, forKey: .promptType) ?? .promptIfNecessary
        loginHint = try container.decodeIfPresent(String.self, forKey: .loginHint)
        accountIdentifier = try container.decodeIfPresent(String.self, forKey: .accountIdentifier)
        parentInWindow = try container.decodeIfPresent(Bool.self, forKey: .parentInWindow) ?? true
    }

    /// Encodes; `parentInWindow` only when false, so a call of an app whose sheet can be presented
    /// reads as it did before protocol 1.5.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scopes, forKey: .scopes)
        try container.encode(extraScopesToConsent, forKey: .extraScopesToConsent)
        try container.encode(promptType, forKey: .promptType)
        try container.encodeIfPresent(loginHint, forKey: .loginHint)
        try container.encodeIfPresent(accountIdentifier, forKey: .accountIdentifier)
        if !parentInWindow { try container.encode(false, forKey: .parentInWindow) }
    }
}
