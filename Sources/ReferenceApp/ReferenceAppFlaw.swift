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
    /// Falls back to the interactive sheet on any MSAL failure, network errors and SSO extension failures included.
    case promptsOnNetworkError
    /// Wipes its data on every broadcast, even when the account did not change.
    case wipesOnUnchangedBroadcast
    /// Offers "Sign up" even on a shared device.
    case showsSignUpWhenShared
    /// Never asks the broker for device information.
    case skipsDeviceInformation
    /// Asks for its data scope only later, silently, instead of at the interactive sign-in.
    case asksScopesLate
    /// Offers "Switch account" on the signed-in screen.
    case showsSwitchAccountWhenSignedIn
    /// Takes the device information MSAL returns beside an error as the truth: personal-device UI on a shared device.
    case trustsDeviceInfoOnError
    /// Configures MSAL with `brokerAvailability = .none` (the default of one popular plugin).
    case disablesBroker
    /// Ignores the broadcast while nobody is signed in in the app, so a session started meanwhile is missed.
    case ignoresBroadcastWhenSignedOut
    /// Its sign-out calls the broker and waits for the broadcast to clear its data.
    case waitsForBroadcastToSignOut
    /// Signs out the first account `allAccounts()` lists (as one popular plugin does), not the current one.
    case signsOutStaleAccount
    /// Signs out with `signoutFromBrowser` but no webview parameters (MSAL fails with -42000, the device stays signed in).
    case signsOutFromBrowserWithoutWebview
    /// At launch, restores the session it stored instead of asking the broker.
    case restoresSessionAtLaunch
    /// Shows the account from getCurrentAccount as signed in before a token arrives, and keeps it when none does.
    case showsAccountBeforeToken
    /// Calls its backend with the access token it kept, without asking MSAL for a fresh one.
    case reusesExpiredToken
    /// Calls its backend with the access token it kept, however old, and renews it silently only
    /// after the backend refused it (an expired token reaches the backend first).
    case renewsTokenOnlyWhenRefused
    /// Takes a broadcast whose previousAccount differs from the account as a user change, even after its own sign-in.
    case rebuildsOnOwnSignInBroadcast
    /// Presents the sheet again when fewer scopes were granted than asked (-50003).
    case repromptsOnDeclinedScopes
    /// Treats a getCurrentAccount error as "nobody signed in" and says nothing, even for more than one account.
    case ignoresAccountErrors
    /// Decides who is signed in with allAccounts() when it lists anyone, as one popular plugin does.
    case trustsAccountCache
    /// Presents the sign-in sheet at launch when nobody is signed in, without waiting for a tap.
    case promptsAtFirstLaunch
    /// After the user dismissed the sheet once, its sign-in button does nothing until the app is relaunched.
    case staysCancelledAfterCancel
    /// Calls two resources, each silently first, and presents a sheet for each one that needs the user.
    case promptsPerResource
    /// On InteractionRequired (-50002) retries silently with forceRefresh, twice, then shows an error: it never presents the sheet.
    case retriesSilentlyOnInteractionRequired
    /// Asks for a new sign-in at launch when its last one is over 8 hours old, although the account is still on the device.
    case forcesSignInAfterShift
    /// After a user change, calls its backend once more with the previous user's token before it asks for the new user's.
    case sendsPreviousTokenAfterUserChange
    /// Presents the sign-in sheet from a view controller that is not in a window yet (MSAL on iOS fails
    /// every interactive call with -50000/-42000, and the app shows the error).
    case presentsSignInBeforeWindow
    /// On resume, decides the user is still signed in when a silent token call succeeds, instead of
    /// asking the broker who is signed in (after a web-view sign-in MSAL answers from the app's cache).
    case checksWithSilentTokenOnResume
    /// Asks the broker who is signed in, but when it names someone else, first tries a silent token
    /// for the user it knew and, answered, keeps that user: after a web-view sign-in MSAL answers
    /// from the app's own cache, so the previous user stays on screen after a user change.
    case provesUserBySilentToken
    /// Keeps the signed-in username lower-cased and compares the broker's with it as typed, so a UPN
    /// with capitals looks like another user at every check.
    case comparesUsernamesCaseSensitively
    /// Clears its sandbox on sign-out but leaves the user's shift reminder in its notifications.
    case leavesNotifications
    /// Leaves the user's records indexed in Spotlight after sign-out.
    case leavesSpotlightItems
    /// Leaves what the user copied on the general pasteboard after sign-out.
    case leavesPasteboardItems
    /// Leaves the user's next task in its widget's timeline after sign-out.
    case leavesWidgetTimeline
    /// Leaves the user's Live Activity running and their donated activity saved after sign-out.
    case leavesActivities
    /// Puts up no cover when it moves to the background, so the switcher's snapshot shows the user's screen.
    case showsDataInSnapshot
    /// Tells users apart by their display name: a new account whose token names the same person ("Alex Kim" and "Alex Kim") keeps the previous user's data.
    case comparesUsersByDisplayName
    /// Keeps each user's records in a cache it neither reports nor clears, and shows them again beside
    /// the new ones when that user comes back: A, B, A again brings A's first session back.
    case restoresRecordsOnReturn
    /// When its session ends (its own sign-out, or an account check that finds nobody signed in
    /// after a Jamf Reset), sends the user's unsent drafts to its backend in a final sync, with the
    /// ended session's token: the backend refuses it, and the app carries on as if nothing happened.
    case syncsDraftsAfterSignOut
    /// Asks the broker for device information at its first launch only, and at every later launch
    /// takes the mode it stored then instead of asking again.
    case cachesDeviceModeAcrossLaunches
    /// Applies a download that was under way when it wiped the user (a sign-out, a Jamf Reset, a
    /// user change): the previous user's records come back on screen and in its files.
    case appliesLateDownloadAfterWipe
    /// Stores a silent token that arrives after the user was wiped, and fetches records with it.
    case storesLateTokenAfterSignOut
    /// Keeps nothing of a silent token that arrives after the user was wiped, but still fetches
    /// records with it (and drops them): the ended session's token reaches the backend.
    case sendsLateTokenAfterSignOut
    /// Signs in whoever a sign-in result names when it arrives, even when the user was wiped while it was under way.
    case showsLateResultUser
    /// Drops a download that was under way when it wiped the user from its screen and storage, but
    /// still indexes it for Spotlight, posts its reminder and updates its widget and activities.
    case publishesLateDownloadAfterWipe
    /// Applies an account check answered after a newer one began: a check held across a user change
    /// and back names the user who was there in between, so the app wipes the user on the device and
    /// shows a sign-in sheet for the one who left.
    case appliesSupersededAccountCheck
    /// Applies a sign-in sheet's answer that arrives after a wipe (a Jamf Reset, a user change while
    /// the sheet was up): the user who completed the sheet is signed in, though they no longer hold
    /// the device. Its silent sign-ins still drop a late answer.
    case appliesLateSheetAfterWipe
    /// Starts to listen to the account-change broadcast only once its launch's account check has
    /// answered: a Jamf Reset or a user change while that check is under way is never seen, and
    /// the check's answer, naming the user who has left, is applied when it comes.
    case listensAfterLaunchCheck
    /// Drops a late answer to the silent sign-ins it begins at launch, on resume or from the
    /// sign-in button, but not to the one the account-change broadcast begins: when a Jamf Reset or
    /// another user change comes while that user's token is under way, the answer signs them in on
    /// a device they no longer hold.
    case appliesLateSignInBegunByChange
    /// Shows no personal-device UI after a failed getDeviceInformation at launch, but keeps the
    /// default-mode object MSAL returned beside the error and takes it as the truth once a session
    /// ends: the signed-out screen after a Jamf Reset or a sign-out offers sign-up.
    case trustsDeviceInfoOnErrorAfterSignOut
    /// At launch, shows the session and records it stored before the account check answers, then
    /// asks the broker and wipes them when the check names someone else or no one: while the check
    /// is under way, whoever holds the device sees the previous user's data.
    case showsStoredSessionBeforeCheck
    /// Cancels what is under way only when a sign-out elsewhere (a Jamf Reset) leaves it something
    /// to wipe: with nothing of anyone stored or shown yet (the launch's silent sign-in under way,
    /// or a sign-in sheet after a failed one), it cancels nothing, and the sign-in's late answer
    /// signs the user in on a device that has none.
    case appliesLateSignInAfterEmptyReset
    /// At a user change, leaves its widget's timeline for the new user's first sync to replace:
    /// when that sync fails (offline), the widget still shows the previous user's next task.
    case leavesWidgetForNextUser
    /// At a user change, leaves every device surface (notifications, Spotlight items, the
    /// pasteboard, the widget, activities) for the new user's first sync to rebuild whole: when
    /// that sync fails (offline), they all still hold the previous user's data.
    case leavesSurfacesForNextUser
    /// At a user change, asks the new user's silent token first and wipes the previous user only
    /// when it answers, to swap one screen for the other at once: while the token is under way
    /// (slow or offline), whoever holds the device sees the previous user's data.
    case wipesWhenNewUserTokenAnswers
    /// At its own sign-out, clears its screen and storage at once but the device's surfaces only
    /// once the broker's signout succeeds: a sign-out that fails (offline) leaves the user's
    /// notifications, Spotlight items, pasteboard, widget and activities on the device.
    case clearsSurfacesOnlyAfterSignout
    /// Removes its pending notification requests at a sign-out, a Jamf Reset or a user change, but
    /// not the notifications already delivered: a shift reminder that fired stays in Notification
    /// Center for the next user.
    case leavesDeliveredNotifications

    /// One sentence for tables and `--help`.
    public var summary: String {
        switch self {
        case .promptsAtLaunch: return "prompts at launch although an account exists"
        case .leavesNameOnScreen: return "clears tokens on sign-out but leaves the user's name on screen"
        case .leavesRecordsFile: return "leaves the user's records in a file after sign-out"
        case .keepsDataOnUserChange: return "does not clear the previous user's data on a user change"
        case .showsCancelAsError: return "shows \"user cancelled\" as an error"
        case .crashesOnMissingIdToken: return "force-unwraps the idToken"
        case .ignoresBroadcast: return "ignores the account-change broadcast"
        case .skipsCheckOnResume: return "never checks the account on resume"
        case .promptsOnNetworkError: return "falls back to the interactive sheet on any MSAL failure (offline, SSO extension)"
        case .wipesOnUnchangedBroadcast: return "wipes its data on a broadcast that changed nothing"
        case .showsSignUpWhenShared: return "offers sign-up on a shared device"
        case .skipsDeviceInformation: return "never asks for device information"
        case .asksScopesLate: return "asks silently for a scope its sign-in did not request"
        case .showsSwitchAccountWhenSignedIn: return "offers \"Switch account\" when signed in"
        case .trustsDeviceInfoOnError: return "shows personal-device UI when getDeviceInformation fails"
        case .disablesBroker: return "configures MSAL with brokerAvailability = .none"
        case .ignoresBroadcastWhenSignedOut: return "ignores the broadcast while signed out"
        case .waitsForBroadcastToSignOut: return "its sign-out waits for the broadcast to clear the data"
        case .signsOutStaleAccount: return "signs out allAccounts().first, not the current account"
        case .signsOutFromBrowserWithoutWebview: return "signs out with signoutFromBrowser and no webview parameters"
        case .restoresSessionAtLaunch: return "restores its stored session at launch without asking the broker"
        case .showsAccountBeforeToken: return "shows the account as signed in before a token arrives"
        case .reusesExpiredToken: return "calls its backend with the token it kept, never a fresh one"
        case .renewsTokenOnlyWhenRefused: return "calls its backend with the token it kept, renewing it only after a 401"
        case .rebuildsOnOwnSignInBroadcast: return "compares previousAccount with the account, so its own sign-in's broadcast rebuilds the session"
        case .repromptsOnDeclinedScopes: return "presents the sheet again when scopes are declined"
        case .ignoresAccountErrors: return "treats a getCurrentAccount error as nobody signed in, silently"
        case .trustsAccountCache: return "decides who is signed in with allAccounts()"
        case .promptsAtFirstLaunch: return "presents the sheet at launch when nobody is signed in, without a tap"
        case .staysCancelledAfterCancel: return "after one cancellation its sign-in button does nothing"
        case .promptsPerResource: return "presents a sheet for each resource that needs the user"
        case .retriesSilentlyOnInteractionRequired: return "on InteractionRequired retries silently (forceRefresh) twice, then shows an error, never the sheet"
        case .forcesSignInAfterShift: return "asks for a new sign-in when the last one is over 8 hours old"
        case .sendsPreviousTokenAfterUserChange: return "sends the previous user's token to its backend after a user change"
        case .presentsSignInBeforeWindow: return "presents the sign-in sheet from a view controller that is not in a window"
        case .checksWithSilentTokenOnResume: return "on resume, takes a silent token for proof that the user is still signed in"
        case .provesUserBySilentToken: return "when the broker names another user, keeps the one it knew if a silent token for them succeeds"
        case .comparesUsernamesCaseSensitively: return "compares the username it kept lower-cased with the broker's, case-sensitively"
        case .leavesNotifications: return "leaves the user's shift reminder in its notifications"
        case .leavesSpotlightItems: return "leaves the user's records indexed in Spotlight"
        case .leavesPasteboardItems: return "leaves what the user copied on the pasteboard"
        case .leavesWidgetTimeline: return "leaves the user's next task in its widget timeline"
        case .leavesActivities: return "leaves the user's Live Activity and donated activity"
        case .showsDataInSnapshot: return "shows the user's screen in the app switcher's snapshot"
        case .comparesUsersByDisplayName: return "tells users apart by display name, so a namesake keeps the previous user's data"
        case .restoresRecordsOnReturn: return "keeps each user's records in a cache it never clears, and shows them again when that user returns"
        case .syncsDraftsAfterSignOut: return "syncs the user's drafts with the ended session's token after a sign-out"
        case .cachesDeviceModeAcrossLaunches: return "asks for device information at its first launch only, then uses the mode it stored"
        case .appliesLateDownloadAfterWipe: return "applies a download that was under way when it wiped the user"
        case .storesLateTokenAfterSignOut: return "stores a silent token that arrives after the sign-out, and fetches records with it"
        case .sendsLateTokenAfterSignOut: return "fetches records with a silent token that arrives after the sign-out, keeping neither"
        case .showsLateResultUser: return "signs in the user a late sign-in result names, after that user was wiped"
        case .publishesLateDownloadAfterWipe: return "puts a download that was under way when it wiped the user on the device's surfaces"
        case .appliesSupersededAccountCheck: return "applies an account check answered after a newer one, naming a user who has left"
        case .appliesLateSheetAfterWipe: return "signs in the user a sign-in sheet names when it answers after a wipe"
        case .listensAfterLaunchCheck: return "listens to the broadcast only once the launch's account check has answered"
        case .appliesLateSignInBegunByChange: return "signs in the user whose sign-in a user change began, when it answers after a later wipe"
        case .trustsDeviceInfoOnErrorAfterSignOut: return "after a sign-out, shows personal-device UI when getDeviceInformation failed at launch"
        case .showsStoredSessionBeforeCheck: return "shows its stored session at launch before the account check answers"
        case .appliesLateSignInAfterEmptyReset: return "at a Jamf Reset with nothing of anyone to wipe, cancels nothing: a late sign-in is applied"
        case .leavesWidgetForNextUser: return "at a user change, leaves its widget for the new user's first sync to replace"
        case .leavesSurfacesForNextUser: return "at a user change, leaves every device surface for the new user's first sync to rebuild"
        case .wipesWhenNewUserTokenAnswers: return "at a user change, wipes the previous user only when the new user's silent token answers"
        case .clearsSurfacesOnlyAfterSignout: return "at its own sign-out, clears the device's surfaces only once the broker's signout succeeds"
        case .leavesDeliveredNotifications: return "removes its pending notifications at a sign-out, but leaves those already delivered"
        }
    }
}
