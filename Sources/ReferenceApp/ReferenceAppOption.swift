/// A way the reference app may be built that is NOT a mistake: every option passes the whole spec.
/// They exist to prove that the spec's checks do not depend on how the reference app happens to be shaped.
public enum ReferenceAppOption: String, CaseIterable, Sendable {
    /// Calls two APIs: a token for Microsoft Graph and one for its own backend, so two silent calls per sign-in.
    case twoResources
    /// Its signed-out screen says "This iPad is registered to Northwind Field Services."
    case registeredBanner
    /// Reports the username, not the identifier, as `signedInAccount`.
    case usernameAsSignedInAccount
    /// Refreshes its token and data eagerly on every resume.
    case refreshesOnResume
    /// Keeps the backend token it got and uses it again while it is under 55 minutes old; when the
    /// backend refuses it (its session ended where the app could not see it), renews it silently.
    case keepsTokenUntilRefused
    /// Single-flight account checks: at most one `getCurrentAccount` is under way; a check asked for
    /// meanwhile (a broadcast, a resume) waits for it and runs once after it, and the answer under
    /// way is then dropped: the check that follows decides.
    case coalescesAccountChecks
    /// Finishes its silent sign-in before it follows a user change: a broadcast that comes while
    /// the sign-in's token call is under way is followed once that call has answered, and the
    /// answer (for the user who was there when it asked) is then dropped: the check that follows decides.
    case finishesSignInBeforeFollowing
    /// Signed out, its sign-in tap always puts up Microsoft's sheet (the device's account as the
    /// login hint when there is one), never a silent sign-in first: the user asked to sign in.
    case asksSheetOnTap

    /// One sentence for tables and `--help`.
    public var summary: String {
        switch self {
        case .twoResources: return "two resources: a silent call for each"
        case .registeredBanner: return "signed-out banner \"This iPad is registered to Northwind Field Services.\""
        case .usernameAsSignedInAccount: return "signedInAccount is the username"
        case .refreshesOnResume: return "eager silent refresh on every resume"
        case .keepsTokenUntilRefused: return "reuses its backend token until it is 55 minutes old or refused"
        case .coalescesAccountChecks: return "one account check at a time; those asked for meanwhile run once, after it"
        case .finishesSignInBeforeFollowing: return "a user change during its silent sign-in is followed once the sign-in answers"
        case .asksSheetOnTap: return "a sign-in tap always puts up the sheet, with the device's account as the hint"
        }
    }
}
