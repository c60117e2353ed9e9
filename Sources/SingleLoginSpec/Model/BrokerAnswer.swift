import SingleLoginAdapter

/// A scripted broker answer (`"answer"` of `answerNext`).
public enum BrokerAnswer: Hashable, Sendable {
    /// `"complete"` (with optional `"account"` and `"broadcast"`): the call succeeds; for the sheet, the named
    /// user (or the person at the device) signs in. `broadcast: false` (sheet, signout): the device's
    /// account changes but no broadcast reaches the app.
    case complete(account: String?, broadcast: Bool = true)
    /// `"cancel"`: the user dismisses the sign-in sheet (UserCanceled, -50005).
    case cancel
    /// `"interactionRequired"`: InteractionRequired (-50002).
    case interactionRequired
    /// `"networkError"`: NSURLErrorDomain -1009, offline.
    case networkError
    /// `"noIdToken"`: a result whose idToken is missing (wrappers expose it as optional; MSAL itself never does this).
    case noIdToken
    /// `"blankIdToken"`: the response's id_token is blank, as MSAL reports it: -50000 with internal -42600.
    case blankIdToken
    /// `"declinedScopes"` (with optional `"scopes"`: the ones declined): -50003 with the granted and declined scopes and the partial result.
    case declinedScopes(scopes: [String]?)
    /// `"ssoExtensionFailure"` (with optional `"code"` 1000, 1003 or 1004, default 1004): the Enterprise SSO
    /// extension fails; the app sees what MSAL makes of that for the call (docs/broker-fidelity.md).
    case ssoExtensionFailure(code: MSALError.AuthorizationCode)
    /// `"brokerNotAvailable"`: getDeviceInformation's -50000 with internal -42714 and no device information.
    case brokerNotAvailable
}
