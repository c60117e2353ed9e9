/// `MSALInteractiveTokenParameters(scopes:webviewParameters:)`: presents Microsoft's sign-in sheet.
public final class MSALInteractiveTokenParameters: MSALTokenParameters {
    /// Where the sheet is presented from.
    public let webviewParameters: MSALWebviewParameters
    /// The prompt behaviour (MSAL's default: `promptIfNecessary`).
    public var promptType: MSALPromptType = .promptIfNecessary
    /// Prefills the username field; the account that signs in may differ.
    public var loginHint: String?
    /// Scopes to consent to now, so later silent calls need no second prompt; NOT in the returned token's scopes.
    public var extraScopesToConsent: [String]?

    /// Parameters for `scopes`, presenting from `webviewParameters`.
    public init(scopes: [String], webviewParameters: MSALWebviewParameters) {
        self.webviewParameters = webviewParameters
        super.init(scopes: scopes)
    }
}
