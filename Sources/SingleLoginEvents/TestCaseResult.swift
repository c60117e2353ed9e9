/// Everything known about one finished test case: recorders need nothing else.
public struct TestCaseResult: Sendable {
    /// Which test case.
    public var id: TestCaseID
    /// Its requirement.
    public var requirement: RequirementSummary
    /// How it ended.
    public var outcome: Outcome
    /// Wall time in seconds, from reset to the last check.
    public var duration: Double
    /// Failed checks and errors, in the order they were found.
    public var issues: [Issue]
    /// Every broker and backend call the app made, in order.
    public var transcript: [BrokerCallRecord]
    /// The tail of what the adapter wrote to stderr during the test case (already capped).
    public var adapterLog: String
    /// The attempts before this one that failed or errored, oldest first: empty unless the case
    /// was retried (`run --retry`) or re-run from an earlier report (`run --rerun`).
    public var earlierAttempts: [TestCaseResult] = []
    /// Whether the last attempt passed after ``earlierAttempts`` failed. Such a case is flaky: its
    /// ``outcome`` is `passed` when flaky cases are accepted, `failed` (with a ``Issue/Kind/flaky`` issue) when not.
    public var isFlaky = false

    /// Creates a result.
    public init(
        id: TestCaseID, requirement: RequirementSummary, outcome: Outcome, duration: Double, issues: [Issue] = [], transcript: [BrokerCallRecord] = [],
        adapterLog: String = ""
    ) {
        self.id = id
        self.requirement = requirement
        self.outcome = outcome
        self.duration = duration
        self.issues = issues
        self.transcript = transcript
        self.adapterLog = adapterLog
    }

    /// How a test case ended.
    public enum Outcome: Hashable, Sendable {
        /// Every check held.
        case passed
        /// A check failed: the app violates the requirement.
        case failed
        /// A precondition failed (a behaviour another requirement owns), so the requirement could
        /// not be judged: neither passed nor failed, and never counted as passed.
        case notJudged(Blocker)
        /// The adapter or the harness broke; nothing is known about the requirement.
        case errored
        /// A failure (or a case not judged) that a waiver on record accepts for now: it does not
        /// gate the run, and is never counted as passed.
        case waived(WaivedFailure)
        /// Not run by choice (selection, shard, fail-fast), with the reason.
        case skipped(reason: String)
        /// Not run because the adapter does not declare a capability the scenario needs (a held
        /// answer needs `concurrentCalls`), with the reason: unlike a skip by choice, it leaves its
        /// requirement not fully tested, and reports say so. It does not gate the run.
        case untested(reason: String)
        /// Not run because the run was interrupted, with the reason.
        case notRun(reason: String)
        /// Not run because it does not apply to the app as configured (a multi-tenant case against
        /// a single-tenant backend), with the reason: nothing is left unverified by it.
        case doesNotApply(reason: String)
        /// Not judged by a device pass, with the reason: a scenario no person can produce on a
        /// device (a scripted or held broker answer, a moving clock), a check a trace cannot judge,
        /// or a step the tester skipped. Reports show it as a skip, `not judged on a device: REASON`
        /// (``notJudgedOnDevicePrefix``); it gates nothing, and is never counted as passed.
        case notJudgedOnDevice(reason: String)
    }
}
