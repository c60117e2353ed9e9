import SingleLoginAdapter
import Testing

/// One build of Field Notes: how it is put together (its style) and which mistakes it makes.
///
/// Field Notes was written against the adapter contract and spec format documents, not against the
/// reference app, and is shaped unlike it on purpose: a phase machine instead of optional state,
/// two APIs, a first-name greeting, a vault that keeps the session as base64 JSON, alerts for
/// errors, its own "Log out" flow.
struct FieldNotesBuild: Sendable, CustomTestStringConvertible {
    /// A name for reports.
    var name: String
    /// How this build is put together; every style is conformant.
    var style: Style
    /// The mistakes it makes (none: a conformant build).
    var mistakes: Set<Mistake> = []
    /// For a flawed build: the requirements its mistake is about; the catalogue must fail at least these.
    var targets: Set<String> = []

    var testDescription: String { name }

    /// How a conformant build may differ.
    struct Style: Sendable {
        /// Calls Microsoft Graph and its notes API with a token each (two silent calls per sign-in).
        var twoResources = true
        /// Reports the username (not the identifier) as `signedInAccount`.
        var usernameAsSignedInAccount = true
        /// The signed-out screen's banner.
        var banner: String? = nil
        /// Syncs again on every resume.
        var syncOnResume = false
        /// Logs out with `signoutFromBrowser`, webview parameters and `wipeAccount`.
        var browserLogOut = false
        /// Sync asks MSAL with `forceRefresh`.
        var forceRefreshOnSync = false
        /// Shows what it stored when the launch's account check fails (offline); never before the
        /// check has answered, as whoever holds the device may not be the stored session's user.
        var showsStoredSessionWhenOffline = false
        /// Errors as `alert` (else `error`).
        var alerts = true
        /// The shift marketplace: "Sign up for open shifts" and "Register for training" buttons (not accounts).
        var openShifts = false
        /// When the broker's signout fails, keeps the account's identifier to finish the device sign-out later.
        var finishesFailedLogOutLater = false
        /// On InteractionRequired outside a user action, shows "Continue as <first name>" and opens the sheet on that tap.
        var continuesOnTap = false
    }

    /// Realistic mistakes (issue 10's list and MSAL's issue tracker).
    enum Mistake: String, CaseIterable, Sendable {
        case allAccountsInsteadOfCurrentAccount
        case signoutFromBrowserWithoutWebview
        case promptsAtFirstLaunch
        case keepsDataOnUserChangeWhileSuspended
        case noCheckAtResume
        case noCheckAtLaunch
        case reusesExpiredToken
        case forceUnwrapsIdToken
        case ignoresBroadcast
        case ignoresBroadcastWhenSignedOut
        case wipesOnEveryBroadcast
        case waitsForBroadcastOnLogOut
        case logOutRemovesAccountOnly
        case logsOutFirstAccountSeen
        case showsSwitchUser
        case personalUIOnDeviceInfoError
        case knownAuthoritiesDisableBroker
        case repromptsOnDeclinedScopes
        case picksFirstAccountWhenAmbiguous
        case comparesPreviousAccount
        case greetsBeforeToken
        case promptsOnAnyError
        case cancelShownAsAlert
        case leavesNotesFileOnLogOut
        case showsNotesOfTokenWithoutIdToken
        /// A user change found at launch purges the vault and the drafts but not the notes file, which
        /// the new user's first sync overwrites (unless that sync fails).
        case keepsNotesFileOnColdUserChange
        /// Personal-device UI on a getDeviceInformation error, in its own words ("Change account", "Get started").
        case changeAccountOnDeviceInfoError
        /// Log-out says "See you next shift, Alice!" (the first name alone stays on screen).
        case farewellByFirstName
        /// Keeps "Adams, Alice" (the name, family name first) in its defaults after log-out.
        case keepsNameFamilyFirst
    }

    /// The app's MSAL configuration, as its adapter declares it.
    var msalConfiguration: MSALConfiguration {
        MSALConfiguration(brokerAvailability: mistakes.contains(.knownAuthoritiesDisableBroker) ? .none : .auto)
    }

    /// Five conformant builds, each shaped differently.
    static let conformant: [FieldNotesBuild] = [
        FieldNotesBuild(name: "Field Notes (two APIs, username, greeting)", style: Style()),
        FieldNotesBuild(
            name: "Field Notes Lite (one API, identifier, Northwind banner, sync on resume)",
            style: Style(
                twoResources: false, usernameAsSignedInAccount: false, banner: "This iPad is registered to Northwind Field Services.", syncOnResume: true,
                alerts: false)),
        FieldNotesBuild(
            name: "Field Notes Kiosk (browser log-out with webview, wipeAccount, forceRefresh)",
            style: Style(browserLogOut: true, forceRefreshOnSync: true)),
        FieldNotesBuild(
            name: "Field Notes Offline (shows the stored session when the launch's account check fails)",
            style: Style(twoResources: false, showsStoredSessionWhenOffline: true, alerts: false)),
        FieldNotesBuild(
            name: "Field Notes Shifts (open shifts, a failed log-out finished later, Continue on tap)",
            style: Style(openShifts: true, finishesFailedLogOutLater: true, continuesOnTap: true)),
    ]

    /// One flawed build per mistake, on the first conformant style, with the requirements it is about.
    static let flawed: [FieldNotesBuild] = {
        let targets: [Mistake: Set<String>] = [
            .allAccountsInsteadOfCurrentAccount: ["SL-LOGOUT-1", "SL-INTERACTIVE-1"],
            .signoutFromBrowserWithoutWebview: ["SL-LOGOUT-3"],
            .promptsAtFirstLaunch: ["SL-LOGIN-3"],
            .keepsDataOnUserChangeWhileSuspended: ["SL-SWITCH-3"],
            .noCheckAtResume: ["SL-LOGOUT-2", "SL-SWITCH-3"],
            .noCheckAtLaunch: ["SL-LOGOUT-2", "SL-SWITCH-3"],
            .reusesExpiredToken: ["SL-TOKEN-3"],
            .forceUnwrapsIdToken: ["SL-TOKEN-1"],
            .ignoresBroadcast: ["SL-LOGOUT-1", "SL-SWITCH-1"],
            .ignoresBroadcastWhenSignedOut: ["SL-LOGIN-7"],
            .wipesOnEveryBroadcast: ["SL-BROADCAST-1"],
            .waitsForBroadcastOnLogOut: ["SL-LOGOUT-4"],
            .logOutRemovesAccountOnly: ["SL-LOGOUT-3"],
            .logsOutFirstAccountSeen: ["SL-LOGOUT-5"],
            .showsSwitchUser: ["SL-DETECT-3"],
            .personalUIOnDeviceInfoError: ["SL-DETECT-4"],
            .knownAuthoritiesDisableBroker: ["SL-DETECT-5"],
            .repromptsOnDeclinedScopes: ["SL-SCOPES-2"],
            .picksFirstAccountWhenAmbiguous: ["SL-ACCOUNT-1"],
            .comparesPreviousAccount: ["SL-BROADCAST-3"],
            .greetsBeforeToken: ["SL-TOKEN-1", "SL-TOKEN-2"],
            .promptsOnAnyError: ["SL-LOGIN-5"],
            .cancelShownAsAlert: ["SL-CANCEL-1"],
            .leavesNotesFileOnLogOut: ["SL-LOGOUT-3"],
            .showsNotesOfTokenWithoutIdToken: ["SL-TOKEN-1"],
            .keepsNotesFileOnColdUserChange: ["SL-SWITCH-3"],
            .changeAccountOnDeviceInfoError: ["SL-DETECT-4"],
            .farewellByFirstName: ["SL-LOGOUT-3", "SL-LOGOUT-4"],
            .keepsNameFamilyFirst: ["SL-LOGOUT-1", "SL-LOGOUT-3"],
        ]
        return Mistake.allCases.map { mistake in
            FieldNotesBuild(name: "Field Notes with \(mistake.rawValue)", style: Style(), mistakes: [mistake], targets: targets[mistake] ?? [])
        }
    }()
}
