/// `MSALPromptType` (`MSAL/src/public/MSALDefinitions.h`).
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
