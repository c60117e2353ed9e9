import SingleLoginAdapter

/// One concrete demonstration of a requirement: a starting state, steps, and checks.
public struct Scenario: Hashable, Sendable {
    /// A name unique within its requirement; with the requirement ID it names a test case.
    public var name: String
    /// The device and broker state before the first step.
    public var given: Given
    /// What happens, in order. Each step may carry checks made right after it.
    public var steps: [Step]
    /// Checks made after the last step; call counts here cover the whole scenario.
    public var expect: [Expectation]
    /// Where the scenario starts in its file.
    public var location: SourceLocation?

    /// Creates a scenario.
    public init(name: String, given: Given, steps: [Step], expect: [Expectation], location: SourceLocation? = nil) {
        self.name = name
        self.given = given
        self.steps = steps
        self.expect = expect
        self.location = location
    }
}

/// The starting state of a scenario. The app itself always starts as a fresh install, not running.
public struct Given: Hashable, Sendable {
    /// The device mode the broker reports (`"shared"` unless stated).
    public var deviceMode: DeviceModeName
    /// The account signed in on the device, by name, or nil for none.
    public var signedIn: String?
    /// The state of that account's token.
    public var token: TokenState
    /// The person holding the device: who completes Microsoft's sign-in sheet when it is shown.
    public var userAtDevice: String?

    /// Creates a starting state.
    public init(deviceMode: DeviceModeName = .shared, signedIn: String? = nil, token: TokenState = .valid, userAtDevice: String? = nil) {
        self.deviceMode = deviceMode
        self.signedIn = signedIn
        self.token = token
        self.userAtDevice = userAtDevice
    }

    /// `"shared"` or `"default"`, as `MSALDeviceMode`.
    public enum DeviceModeName: String, Hashable, Sendable, CaseIterable {
        /// Shared Device Mode.
        case shared
        /// A personal device.
        case `default`
    }

    /// Whether a silent acquisition can succeed.
    public enum TokenState: String, Hashable, Sendable, CaseIterable {
        /// Silent acquisition succeeds.
        case valid
        /// Silent acquisition fails with InteractionRequired (-50002) until an interactive sign-in.
        case interactionRequired
    }
}

/// One thing that happens in a scenario.
public struct Step: Hashable, Sendable {
    /// What happens.
    public var action: Action
    /// Checks made right after this step; call counts cover this step only.
    public var expect: [Expectation]
    /// Where the step is in its file.
    public var location: SourceLocation?

    /// Creates a step.
    public init(_ action: Action, expect: [Expectation] = [], location: SourceLocation? = nil) {
        self.action = action
        self.expect = expect
        self.location = location
    }

    /// The step vocabulary (`"do"` in JSON).
    public enum Action: Hashable, Sendable {
        /// `{"do": "launch"}`, `"suspend"`, `"resume"`, `"terminate"`, `"tapSignIn"`, `"tapSignOut"`,
        /// `"refresh"`: the harness delivers that ``AppEvent`` to the app (its name is the `do` word).
        /// The account-change broadcast is not written this way: see ``broadcast(count:)``.
        case app(AppEvent)
        /// `{"do": "globalSignIn", "account": "alice"}`: Jamf Setup signs a user in device-wide.
        case globalSignIn(account: String)
        /// `{"do": "globalSignOut"}`: Jamf Reset signs the user out device-wide.
        case globalSignOut
        /// `{"do": "switchUser", "account": "bob"}`: the device's account changes to another user.
        case switchUser(account: String)
        /// `{"do": "broadcast", "count": 3}`: the account-change broadcast with no change, `count` times.
        case broadcast(count: Int)
        /// `{"do": "answerNext", "method": "acquireToken", "answer": "cancel"}`: how the broker answers the next call of `method`.
        case answerNext(method: BrokerMethod, answer: BrokerAnswer)

        /// The app events a step may deliver by name: every ``AppEvent`` but the account-change
        /// broadcast, which the harness delivers itself whenever the broker posts it.
        public static let appEvents = AppEvent.allCases.filter { $0 != .accountChangedBroadcast }
    }
}

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
