import Foundation
import SingleLoginAdapter

/// Something that happened during a run. The runner emits events; recorders turn them into
/// reports and never reach into the runner.
public struct Event: Sendable {
    /// What happened.
    public var kind: Kind
    /// When it happened (wall clock, for timestamps in reports).
    public var date: Date

    /// Creates an event that happened now.
    public init(_ kind: Kind, date: Date = Date()) {
        self.kind = kind
        self.date = date
    }

    /// The kinds of event.
    public enum Kind: Sendable {
        /// The run begins; the plan lists every test case it will try, in order.
        case runStarted(RunContext, plan: [PlannedTestCase])
        /// The adapter answered the handshake (once per run; again after a restart only when it changed).
        case adapterIdentified(AdapterIdentity)
        /// A requirement's first test case is about to be reported (in plan order).
        case requirementStarted(RequirementSummary)
        /// A requirement's last test case has been reported; the outcome aggregates its test cases.
        case requirementEnded(RequirementResult)
        /// A test case (one scenario of one requirement) begins.
        case testCaseStarted(TestCaseID)
        /// A step of a test case was delivered.
        case stepPerformed(TestCaseID, index: Int, description: String)
        /// The app made a broker or backend call.
        case brokerCalled(TestCaseID, BrokerCallRecord)
        /// The adapter reported what the app shows and stores, after a step and the broadcasts it
        /// caused: `broadcastsDelivered` says how many account-change broadcasts the app was given
        /// in between (nil where the run does not deliver them itself: a device pass, an older stream).
        case observed(TestCaseID, Observation, facts: BrokerFacts? = nil, broadcastsDelivered: Int? = nil)
        /// A check failed or something broke.
        case issueRecorded(TestCaseID, Issue)
        /// The run gave up on its adapter: the test cases still to run end not run (once per run,
        /// before the first of them ends).
        case adapterUnavailable(AdapterUnavailability)
        /// A test case ended, with everything recorders need to report it.
        case testCaseEnded(TestCaseResult)
        /// The run ended (also when interrupted).
        case runEnded(RunSummary)
    }
}
