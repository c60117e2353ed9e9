import SingleLoginAdapter
import SingleLoginRecorder
import SingleLoginSpec

/// What the tester reads for one step of a procedure, and what the harness waits for before it
/// judges: the tester's confirmation, or evidence from the recorder first.
public struct DeviceInstruction: Sendable, Hashable {
    /// The words on screen.
    public var text: String
    /// What the harness waits for.
    public var waitsFor: Evidence

    /// What the harness waits for before a step is judged.
    public enum Evidence: Sendable, Hashable {
        /// The tester says it is done (Jamf Setup and Jamf Reset happen outside the app).
        case confirmation
        /// A lifecycle line from the recorder, then the tester's confirmation.
        case lifecycle(LifecycleEvent)
        /// A call of this method from the recorder, then the tester's confirmation.
        case call(BrokerMethod)

        /// "waiting for the app to launch".
        public var waitingText: String {
            switch self {
            case .confirmation: "waiting for your confirmation"
            case .lifecycle(.launch): "waiting for the app to launch"
            case .lifecycle(.foreground): "waiting for the app to come to the foreground"
            case .lifecycle(.background): "waiting for the app to go to the background"
            case .lifecycle(.terminate): "waiting for the app to end"
            case .call(let method): "waiting for the app to call \(method.rawValue)"
            }
        }

        /// Whether the recorder's `line` is this evidence (never for `confirmation`, which no line gives).
        public func isMet(by line: TraceLine) -> Bool {
            switch self {
            case .confirmation: false
            case .lifecycle(let event): line.lifecycle == event
            case .call(let method): line.call?.method == method.rawValue
            }
        }
    }

    /// Every instruction of `procedure`: the preparation, then one per step.
    public static func steps(of procedure: DevicePlan.Procedure, users: DeviceUsers) -> [DeviceInstruction] {
        [preparation(procedure.scenario.given, users: users)] + procedure.scenario.steps.map { step($0.action, users: users) }
    }

    /// The preparation for `given`: the device's account, and the app not running.
    static func preparation(_ given: Given, users: DeviceUsers) -> DeviceInstruction {
        var text = "Quit the app (swipe it away in the app switcher). "
        if let signedIn = given.signedIn.first {
            text += "In Jamf Setup, end any session (Jamf Reset), then start one as \(users.describe(signedIn)) and wait until Jamf Setup shows them signed in."
        } else {
            text += "End any session with Jamf Reset, so that nobody is signed in on the device."
        }
        if let user = given.userAtDevice {
            let who = users.describe(user)
            text += " \(who.prefix(1).uppercased() + who.dropFirst()) is at the device: when Microsoft's sign-in sheet appears, they sign in."
        } else {
            text += " When Microsoft's sign-in sheet appears in this procedure, close it without signing in (nobody is at the device)."
        }
        return DeviceInstruction(text: text, waitsFor: .confirmation)
    }

    /// The words for `action`.
    static func step(_ action: Step.Action, users: DeviceUsers) -> DeviceInstruction {
        switch action {
        case .app(.launch): DeviceInstruction(text: "Open the app from the Home Screen and wait until it has settled.", waitsFor: .lifecycle(.launch))
        case .app(.suspend): DeviceInstruction(text: "Go to the Home Screen (the app moves to the background).", waitsFor: .lifecycle(.background))
        case .app(.resume): DeviceInstruction(text: "Open the app again from the Home Screen and wait until it has settled.", waitsFor: .lifecycle(.foreground))
        case .app(.terminate): DeviceInstruction(text: "Open the app switcher and swipe the app away.", waitsFor: .confirmation)
        case .app(.tapSignIn):
            DeviceInstruction(text: "Tap the app's Sign In button and follow Microsoft's sheet as the preparation said.", waitsFor: .call(.acquireToken))
        case .app(.tapSignOut): DeviceInstruction(text: "Tap the app's Sign Out button, and confirm if it asks.", waitsFor: .call(.signout))
        case .app(.refresh): DeviceInstruction(text: "Refresh the app's data (pull to refresh, or its Refresh button).", waitsFor: .confirmation)
        case .app(.accountChangedBroadcast), .broadcast: DeviceInstruction(text: "(not on a device)", waitsFor: .confirmation)
        case .globalSignIn(let account):
            DeviceInstruction(text: "In Jamf Setup, start a session as \(users.describe(account)). Leave the app as it is.", waitsFor: .confirmation)
        case .globalSignOut:
            DeviceInstruction(text: "End the session with Jamf Reset (the device signs out everywhere). Leave the app as it is.", waitsFor: .confirmation)
        case .switchUser(let account):
            DeviceInstruction(
                text: "Jamf Reset, then Jamf Setup as \(users.describe(account)) (the next person takes the device). Leave the app as it is.",
                waitsFor: .confirmation)
        case .answerNext, .advanceClock, .requireInteraction, .holdNext, .release: DeviceInstruction(text: "(not on a device)", waitsFor: .confirmation)
        }
    }
}

/// The pass's two test users, standing for the catalogue's `alice` and `bob`.
public struct DeviceUsers: Sendable, Hashable {
    /// The first test user (for `alice`): username and display name.
    public var first: (username: String, displayName: String) { (firstUsername, firstDisplayName) }
    /// The second test user (for `bob`).
    public var second: (username: String, displayName: String) { (secondUsername, secondDisplayName) }
    private var firstUsername: String
    private var firstDisplayName: String
    private var secondUsername: String
    private var secondDisplayName: String

    /// The two users, each as a username and a display name.
    public init(first: (username: String, displayName: String), second: (username: String, displayName: String)) {
        firstUsername = first.username
        firstDisplayName = first.displayName
        secondUsername = second.username
        secondDisplayName = second.displayName
    }

    /// The catalogue's own `alice` and `bob` (the stand-in's users).
    public static func catalogue(_ spec: Spec) -> DeviceUsers {
        func user(_ name: String) -> (String, String) {
            let definition = spec.accounts.first { $0.name == name }
            return (definition?.username ?? name, definition?.displayName ?? name)
        }
        return DeviceUsers(first: user(DevicePlan.firstUser), second: user(DevicePlan.secondUser))
    }

    /// `alice` or `bob` as the tester knows them: "the first test user (Alice Adams, alice.adams@contoso.example)".
    public func describe(_ name: String) -> String {
        let (which, user) = name == DevicePlan.secondUser ? ("second", second) : ("first", first)
        return "the \(which) test user (\(user.displayName), \(user.username))"
    }

    /// How the judge's messages call `alice` and `bob`: the test user's display name, then the
    /// catalogue's name that the scenario's words use, `Ana Díaz (alice)`.
    var labels: [String: String] {
        [DevicePlan.firstUser: "\(first.displayName) (\(DevicePlan.firstUser))", DevicePlan.secondUser: "\(second.displayName) (\(DevicePlan.secondUser))"]
    }

    /// The account definitions the judge's evaluator uses: the catalogue's names, the test users' identities.
    func definitions(identifiers: [String: String]) -> [AccountDefinition] {
        [(DevicePlan.firstUser, first), (DevicePlan.secondUser, second)].map { name, user in
            let parts = identifiers[name]?.split(separator: ".").map(String.init)
            return AccountDefinition(
                name: name, username: user.username, displayName: user.displayName, objectId: parts?.count == 2 ? parts?[0] : nil,
                tenantId: parts?.count == 2 ? parts?[1] : nil)
        }
    }
}
