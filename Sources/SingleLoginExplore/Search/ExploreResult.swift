import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// What an exploration found.
public struct ExploreResult: Sendable {
    /// A violating history as first found, before shrinking.
    public struct Finding: Sendable {
        /// Its index in the run (0-based): the first violating one.
        public var index: Int
        /// The history.
        public var history: Scenario
        /// Its earliest violation.
        public var violation: Violation
        /// Seconds from the start of exploring until it was found.
        public var seconds: Double
    }

    /// What broke, when the adapter or the harness did.
    public struct Failure: Sendable {
        /// The history it happened in (0-based index).
        public var index: Int
        /// The history.
        public var history: Scenario
        /// The error.
        public var issue: Issue
        /// The test case result, with transcript and adapter log.
        public var result: TestCaseResult
    }

    /// The seed.
    public var seed: UInt64
    /// Histories played while exploring (shrinking replays not counted).
    public var runs = 0
    /// Seconds spent exploring.
    public var exploreSeconds = 0.0
    /// Seconds spent shrinking and confirming.
    public var shrinkSeconds = 0.0
    /// How many times a rule judged a step.
    public var judgements = 0
    /// The rules judged.
    public var rules: [Rule] = []
    /// The adapter, once it answered.
    public var identity: AdapterIdentity?
    /// The first violating history, as found.
    public var finding: Finding?
    /// Its shrunk, confirmed counterexample.
    public var counterexample: Counterexample?
    /// Histories shrunk in vain (candidates replayed).
    public var shrinkReplays = 0
    /// Set when the shrunk history did not violate the rule the same way on every replay: a flaky app or adapter.
    public var notReproducible: String?
    /// Violations set aside because the reference app fails the same checks: the rule cannot tell there.
    public var setAside: [Finding] = []
    /// What broke, if anything did.
    public var failure: Failure?
    /// Whether the run was interrupted.
    public var interrupted = false
}
