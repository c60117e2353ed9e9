/// Something that happens to the app: a lifecycle transition, a user action, or the broker's
/// account-change broadcast.
///
/// Device-wide events (global sign-in, sign-out, user change) happen in the broker; the app
/// only learns of them through ``accountChangedBroadcast`` while it runs, or by asking the
/// broker when it launches or resumes.
public enum AppEvent: String, Codable, Sendable, CaseIterable {
    /// Cold launch. The app must check the account (Microsoft requires it at every launch).
    case launch
    /// The app moves to the background; it stops receiving broadcasts.
    case suspend
    /// The app returns to the foreground; it must check the account again.
    case resume
    /// The app process ends; in-memory state is gone, stored state stays.
    case terminate
    /// The user taps the app's sign-in button.
    case tapSignIn
    /// The user taps the app's sign-out button.
    case tapSignOut
    /// The user asks for fresh data (pull to refresh, retry): the app needs a token again.
    case refresh
    /// The Darwin notification `SHARED_MODE_CURRENT_ACCOUNT_CHANGED`, with no payload.
    case accountChangedBroadcast
}
