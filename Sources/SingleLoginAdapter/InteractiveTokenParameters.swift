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

    /// Creates the parameters.
    public init(
        scopes: [String], extraScopesToConsent: [String] = [], promptType: PromptType = .promptIfNecessary, loginHint: String? = nil,
        accountIdentifier: String? = nil
    ) {
        self.scopes = scopes
        self.extraScopesToConsent = extraScopesToConsent
        self.promptType = promptType
        self.loginHint = loginHint
        self.accountIdentifier = accountIdentifier
    }

    private enum CodingKeys: String, CodingKey { case scopes, extraScopesToConsent, promptType, loginHint, accountIdentifier }

    /// Decodes; every field but `scopes` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scopes = try container.decode([String].self, forKey: .scopes)
        extraScopesToConsent = try container.decodeIfPresent([String].self, forKey: .extraScopesToConsent) ?? []
        promptType = try container.decodeIfPresent(PromptType.self, forKey: .promptType) ?? .promptIfNecessary
        loginHint = try container.decodeIfPresent(String.self, forKey: .loginHint)
        accountIdentifier = try container.decodeIfPresent(String.self, forKey: .accountIdentifier)
    }
}
