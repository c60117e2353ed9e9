/// One real mistake a Single Login app makes. The reference app with one flaw switched on is a
/// faulty variant: the conformance suite must catch it by exactly the requirements it violates.
public enum ReferenceAppFlaw: String, CaseIterable, Sendable {
    /// Presents the sign-in sheet at launch although an account is on the device.
    case promptsAtLaunch
    /// Clears the session on sign-out but leaves "Goodbye, <name>" on screen.
    case leavesNameOnScreen
    /// Removes everything on sign-out except the records file.
    case leavesRecordsFile
    /// Takes on a new user without clearing the previous user's data.
    case keepsDataOnUserChange
    /// Shows "user cancelled" as an error when the user dismisses the sheet.
    case showsCancelAsError
    /// Force-unwraps the idToken, so a result without one crashes the app.
    case crashesOnMissingIdToken
    /// Does not listen to the account-change broadcast.
    case ignoresBroadcast
    /// Does not check the account when it returns to the foreground.
    case skipsCheckOnResume
    /// Falls back to the interactive sheet on any silent failure, network errors included.
    case promptsOnNetworkError
    /// Wipes its data on every broadcast, even when the account did not change.
    case wipesOnUnchangedBroadcast
    /// Offers "Sign up" even on a shared device.
    case showsSignUpWhenShared
    /// Never asks the broker for device information.
    case skipsDeviceInformation
    /// Asks for its data scope only later, silently, instead of at the interactive sign-in.
    case asksScopesLate

    /// One sentence for tables and `--help`.
    public var summary: String {
        switch self {
        case .promptsAtLaunch: return "prompts at launch although an account exists"
        case .leavesNameOnScreen: return "clears tokens on sign-out but leaves the user's name on screen"
        case .leavesRecordsFile: return "leaves the user's records in a file after sign-out"
        case .keepsDataOnUserChange: return "does not clear the previous user's data on a user change"
        case .showsCancelAsError: return "shows \"user cancelled\" as an error"
        case .crashesOnMissingIdToken: return "crashes on a result without an idToken"
        case .ignoresBroadcast: return "ignores the account-change broadcast"
        case .skipsCheckOnResume: return "never checks the account on resume"
        case .promptsOnNetworkError: return "falls back to the interactive sheet on a network error"
        case .wipesOnUnchangedBroadcast: return "wipes its data on a broadcast that changed nothing"
        case .showsSignUpWhenShared: return "offers sign-up on a shared device"
        case .skipsDeviceInformation: return "never asks for device information"
        case .asksScopesLate: return "asks for a scope silently that its sign-in did not request"
        }
    }
}
