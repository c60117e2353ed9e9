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
