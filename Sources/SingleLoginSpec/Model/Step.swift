import SingleLoginAdapter

/// One thing that happens in a scenario.
public struct Step: Hashable, Sendable {
    /// What happens.
    public var action: Action
    /// Checks made right after this step and the broadcasts it caused; call counts cover this step only.
    /// Those marked `precondition` are in ``preconditions`` instead.
    public var expect: [Expectation]
    /// The checks of this step marked `"precondition": "SL-…"` (format 1.4), made before ``expect``:
    /// if one fails, the test case is not judged, and the remaining steps are not run.
    public var preconditions: [Precondition]
    /// `"startingPoint": "SL-LOGIN-1"`: this step's checks establish the scenario's starting point, which
    /// that requirement covers: each is a precondition owned by it (``judgedPreconditions``). If one
    /// fails, the test case is not judged, naming it, and the remaining steps are not run: one defect
    /// reads as one.
    public var startingPoint: String?
    /// Where the step is in its file.
    public var location: SourceLocation?

    /// Creates a step.
    public init(
        _ action: Action, expect: [Expectation] = [], preconditions: [Precondition] = [], startingPoint: String? = nil, location: SourceLocation? = nil
    ) {
        self.action = action
        self.expect = expect
        self.preconditions = preconditions
        self.startingPoint = startingPoint
        self.location = location
    }

    /// The step vocabulary (`"do"` in JSON).
    public enum Action: Hashable, Sendable {
        /// `{"do": "launch"}`, `"suspend"`, `"resume"`, `"terminate"`, `"tapSignIn"`, `"tapSignOut"`,
        /// `"refresh"`: the harness delivers that `AppEvent` to the app (its name is the `do` word).
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
        /// `{"do": "advanceClock", "minutes": 70}`: simulated time passes (1 to 10080 minutes); access tokens expire an hour after issuance.
        case advanceClock(minutes: Int)
        /// `{"do": "requireInteraction"}` (format 1.3): the signed-in user's refresh token now needs
        /// the user (MFA, a revoked or expired refresh token), for every resource: each silent call
        /// fails with InteractionRequired until that user signs in interactively or the account changes.
        case requireInteraction
        /// `{"do": "holdNext", "method": "acquireTokenSilent"}` (format 1.5): the answer to the app's
        /// next call of `method` (a broker method or `fetchRecords`, the backend) is made when the
        /// app asks, and delivered only when a later ``release`` step comes: meanwhile the harness
        /// delivers further steps. Only for an adapter that declared `concurrentCalls`.
        /// With `account` (format 1.7, `acquireTokenSilent` only), the next call made for that
        /// account's identifier: a call for anyone else is answered at once, so a scenario can hold
        /// the new user's sign-in at a user change while the app's calls for the previous user go on.
        case holdNext(method: BrokerMethod, account: String? = nil)
        /// `{"do": "release"}` (format 1.5): the held answers are delivered, and the harness waits
        /// for the app to settle again; the step's checks read what it did with them.
        case release

        /// The app events a step may deliver by name: every `AppEvent` but the account-change
        /// broadcast, which the harness delivers itself whenever the broker posts it.
        public static let appEvents = AppEvent.allCases.filter { $0 != .accountChangedBroadcast }
    }
}
