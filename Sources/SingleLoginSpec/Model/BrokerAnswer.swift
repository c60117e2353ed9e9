/// A scripted broker answer (`"answer"` of `answerNext`).
public enum BrokerAnswer: Hashable, Sendable {
    /// `"complete"` (with optional `"account"`): the call succeeds; for the sheet, the named user (or the user at the device) signs in.
    case complete(account: String?)
    /// `"cancel"`: the user dismisses the sign-in sheet (UserCanceled, -50005).
    case cancel
    /// `"interactionRequired"`: InteractionRequired (-50002).
    case interactionRequired
    /// `"networkError"`: NSURLErrorDomain -1009, offline.
    case networkError
    /// `"noIdToken"`: a result whose idToken is missing.
    case noIdToken
    /// `"brokerNotAvailable"`: -50000 with internal code -42714.
    case brokerNotAvailable
}
