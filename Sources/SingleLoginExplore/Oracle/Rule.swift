import SingleLoginSpec

/// One rule of the oracle: a behaviour of the catalogue's standing, stated for any history, and
/// named by the catalogue requirements it generalises. Each rule judges a step with ordinary spec
/// checks, so a violation is a counterexample spec as it stands.
package enum Rule: String, CaseIterable, Sendable, Comparable {
    /// After a launch, resume or broadcast, the app shows the device's account (or nobody).
    case account = "EX-ACCOUNT"
    /// Once the app has had the chance to check, no data of anyone but the device's user remains;
    /// at a launch, none of a user who has left is drawn while the check is held.
    case data = "EX-DATA"
    /// No interactive prompt unless there is no account or interaction is required; never two for one event.
    case prompt = "EX-PROMPT"
    /// With nobody on the device, a sign-in attempt costs exactly one prompt.
    case signIn = "EX-SIGNIN"
    /// InteractionRequired leads to a prompt, by the app or on the user's next tap, and then to the user signed in.
    case interaction = "EX-INTERACTION"
    /// A dismissed or failed sign-in leaves the user able to sign in: the next tap prompts and signs in.
    case retry = "EX-RETRY"
    /// No error is shown because the user dismissed the sheet.
    case cancel = "EX-CANCEL"
    /// The app never crashes.
    case crash = "EX-CRASH"
    /// A broadcast that changed nothing costs no token, no download and no data.
    case broadcast = "EX-BROADCAST"
    /// Every launch asks the broker for device information.
    case deviceInformation = "EX-DEVICEINFO"
    /// On a shared device the app offers no sign-up or add-account affordance.
    case affordance = "EX-AFFORDANCE"
    /// The app's own sign-out calls the broker's signout and leaves nothing of the user.
    case signOut = "EX-SIGNOUT"
    /// A token result without an id token never signs anyone in.
    case token = "EX-TOKEN"
    /// Every scope asked for silently was asked for at the interactive sign-in.
    case scopes = "EX-SCOPES"
    /// The backend never gets a token the app should have renewed or dropped.
    case backend = "EX-BACKEND"
    /// An answer released after the account changed signs nobody back in.
    case late = "EX-LATE"
    /// The app lets MSAL use the broker.
    case broker = "EX-BROKER"

    /// The catalogue's order.
    package static func < (lhs: Rule, rhs: Rule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The requirements of `specs/single-login.json` this rule generalises.
    package var generalises: [String] {
        switch self {
        case .account:
            return [
                "SL-LOGIN-1", "SL-LOGIN-2", "SL-LOGIN-7", "SL-LOGOUT-1", "SL-LOGOUT-2", "SL-SWITCH-1", "SL-SWITCH-2", "SL-SWITCH-3", "SL-ACCOUNT-1",
                "SL-INTERACTIVE-1", "SL-INTERACTIVE-2",
            ]
        case .data:
            return [
                "SL-LOGOUT-1", "SL-LOGOUT-2", "SL-LOGOUT-3", "SL-SWITCH-1", "SL-SWITCH-2", "SL-SWITCH-3", "SL-INTERACTIVE-1", "SL-INTERACTIVE-2",
                "SL-NOTIFY-1", "SL-SPOTLIGHT-1", "SL-PASTEBOARD-1", "SL-WIDGET-1", "SL-ACTIVITY-1", "SL-INFLIGHT-1",
            ]
        case .prompt:
            return [
                "SL-LOGIN-1", "SL-LOGIN-2", "SL-LOGIN-3", "SL-LOGIN-4", "SL-LOGIN-5", "SL-LOGIN-6", "SL-SWITCH-1", "SL-BROADCAST-1", "SL-BROADCAST-2",
                "SL-CANCEL-2", "SL-SCOPES-2", "SL-ACCOUNT-1", "SL-INTERACTIVE-4",
            ]
        case .signIn: return ["SL-LOGIN-3", "SL-CANCEL-2"]
        case .interaction: return ["SL-LOGIN-4", "SL-INTERACTIVE-4"]
        case .retry: return ["SL-LOGIN-4", "SL-CANCEL-1", "SL-CANCEL-2", "SL-TOKEN-1", "SL-TOKEN-2"]
        case .cancel: return ["SL-CANCEL-1"]
        case .crash: return ["SL-TOKEN-1", "SL-TOKEN-2", "SL-LOGIN-5", "SL-LOGIN-6", "SL-CANCEL-1", "SL-BROADCAST-2", "SL-SCOPES-2", "SL-ACCOUNT-1"]
        case .broadcast: return ["SL-BROADCAST-1", "SL-BROADCAST-2", "SL-BROADCAST-3", "SL-INTERACTIVE-3"]
        case .deviceInformation: return ["SL-DETECT-1"]
        case .affordance: return ["SL-DETECT-2", "SL-DETECT-3", "SL-DETECT-4"]
        case .signOut: return ["SL-LOGOUT-3", "SL-LOGOUT-4", "SL-LOGOUT-5", "SL-NOTIFY-1", "SL-SPOTLIGHT-1", "SL-PASTEBOARD-1", "SL-WIDGET-1", "SL-ACTIVITY-1"]
        case .token: return ["SL-TOKEN-1", "SL-TOKEN-2"]
        case .scopes: return ["SL-SCOPES-1"]
        case .backend:
            return ["SL-LOGOUT-1", "SL-LOGOUT-2", "SL-LOGOUT-3", "SL-LOGOUT-4", "SL-LOGOUT-5", "SL-SWITCH-1", "SL-SWITCH-3", "SL-TOKEN-3", "SL-INFLIGHT-1"]
        case .late: return ["SL-INFLIGHT-1"]
        case .broker: return ["SL-DETECT-5"]
        }
    }

    /// Every requirement of `specs/single-login.json` some rule generalises.
    package static var judged: Set<String> { Set(allCases.flatMap(\.generalises)) }

    /// The catalogue's requirements no rule generalises, each with the reason: explore cannot find a
    /// mistake the catalogue catches only there. A test keeps this list, the rules and the catalogue in
    /// step; docs/explore.md shows it.
    package static let notJudged: [String: String] = [
        "SL-SNAPSHOT-1":
            "The switcher's snapshot is taken when the app moves to the background, before the change that would make it a leftover, and replaced when the app runs again; whether the app covers its screen is a SHOULD about the moment it is suspended, which the catalogue judges and no rule generalises."
    ]

    /// MUST when every requirement it generalises is a MUST, else SHOULD.
    package var level: Requirement.Level {
        switch self {
        case .broadcast, .affordance, .scopes: return .should
        default: return .must
        }
    }

    /// The behaviour in one line, for reports and counterexamples.
    package var title: String {
        switch self {
        case .account:
            return
                "After a launch, a resume or a broadcast, the app shows the account signed in on the device, or nobody when there is none; with more than one account there, nobody and an error."
        case .data:
            return
                "Once the app has had the chance to check the account, none of the data of anyone but the device's current user remains on screen or in storage; at a launch, none of a user who has left the device is drawn while the account check is under way."
        case .prompt:
            return
                "No interactive prompt unless the user asks to sign in or interaction is required, never more than one for one event, and none again after fewer scopes were granted."
        case .signIn: return "With nobody signed in on the device, a sign-in attempt costs exactly one interactive prompt."
        case .interaction:
            return
                "When a silent call fails with InteractionRequired (-50002) and the user is at the device, the app presents the sheet, by itself or on the user's next sign-in tap, and the completed sheet shows that user signed in."
        case .retry:
            return
                "After a dismissed or failed sign-in while the account needs the sheet, the user's next sign-in tap presents it once more and, completed, shows that user signed in."
        case .cancel: return "The user dismissing the sign-in sheet (UserCanceled, -50005) is not shown as an error."
        case .crash: return "Whatever the device and the broker do, the app does not crash or hang."
        case .broadcast:
            return
                "A broadcast when the account did not change, or the one after the app's own sign-in, costs no silent token, no new download, no prompt and none of the data shown or kept."
        case .deviceInformation: return "Every launch asks the broker for device information."
        case .affordance:
            return
                "On a shared device no screen offers a sign-up, add-account or switch-account button, also when getDeviceInformation failed in the SSO extension."
        case .signOut:
            return
                "The app's own sign-out calls the broker's signout, ends its session at once whatever the broker does, signs the device out, and leaves none of the user's data."
        case .token:
            return
                "A token result without a usable idToken (missing, or blank as MSAL reports it) is a failed sign-in: the app keeps running and shows nobody signed in."
        case .scopes: return "Every scope the app asks for silently was asked for at its interactive sign-in."
        case .late:
            return
                "An answer the app asked for before the account changed, delivered after the change, signs nobody back in: at its release, with nobody signed in on the device, the app still shows nobody; and once the app has seen the change, what it does with the answer never puts up the sign-in sheet for a user who has left, nor signs out the user on the device."
        case .backend:
            return
                "Once the app has checked the account, its backend never refuses a token the app sends: an expired token is renewed silently first, and once the app has learned that a session ended (its own sign-out, a Jamf Reset or a user change its account check found), that session's tokens are never sent again."
        case .broker: return "The app lets MSAL use the broker; with the broker disabled it cannot take part in Shared Device Mode."
        }
    }

    /// Tags for selection in reports and catalogues.
    package var tags: [String] {
        ["explore"] + Array(Set(generalises.map { $0.split(separator: "-")[1].lowercased() })).sorted()
    }

    /// The Microsoft articles behind the requirements it generalises.
    package var references: [Reference] {
        let shared = "https://learn.microsoft.com/en-us/entra/msal/objc/shared-devices-ios"
        let changed = Reference(
            title: "Shared device mode for iOS devices: Get the signed-in user and determine if a user has changed",
            url: shared + "#get-the-signed-in-user-and-determine-if-a-user-has-changed")
        let broadcast = Reference(
            title: "Shared device mode for iOS devices: Receive a broadcast to detect global sign out",
            url: shared + "#receive-a-broadcast-to-detect-global-sign-out")
        let signIn = Reference(title: "Shared device mode for iOS devices: Globally sign in a user", url: shared + "#globally-sign-in-a-user")
        let signOut = Reference(title: "Shared device mode for iOS devices: Globally sign out a user", url: shared + "#globally-sign-out-a-user")
        let detect = Reference(title: "Shared device mode for iOS devices: Detect shared device mode", url: shared + "#detect-shared-device-mode")
        let token = Reference(
            title: "Get a token for a mobile app that calls web APIs",
            url: "https://learn.microsoft.com/en-us/entra/identity-platform/scenario-mobile-acquire-token")
        let errors = Reference(
            title: "Handle errors and exceptions in MSAL for iOS and macOS", url: "https://learn.microsoft.com/en-us/entra/msal/objc/error-handling-ios")
        let consent = Reference(
            title: "Overview of permissions and consent in the Microsoft identity platform",
            url: "https://learn.microsoft.com/en-us/entra/identity-platform/permissions-consent-overview")
        switch self {
        case .account: return [changed, broadcast, signIn]
        case .data: return [broadcast, changed, signOut]
        case .prompt: return [token, errors, signIn]
        case .signIn: return [signIn, token]
        case .interaction: return [token, errors]
        case .retry: return [errors, token]
        case .cancel: return [errors]
        case .crash: return [token, errors]
        case .broadcast: return [broadcast, changed]
        case .deviceInformation, .affordance: return [detect]
        case .signOut: return [signOut]
        case .token: return [token, errors]
        case .scopes: return [consent, token]
        case .backend: return [token]
        case .late: return [broadcast, signOut]
        case .broker:
            return [
                detect,
                Reference(
                    title: "Microsoft Enterprise SSO plug-in for Apple devices",
                    url: "https://learn.microsoft.com/en-us/entra/identity-platform/apple-sso-plugin"),
            ]
        }
    }
}
