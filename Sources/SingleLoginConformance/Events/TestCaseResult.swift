import SingleLoginAdapter
import SingleLoginSpec

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

    /// Creates a result.
    public init(id: TestCaseID, requirement: RequirementSummary, outcome: Outcome, duration: Double, issues: [Issue] = [], transcript: [BrokerCallRecord] = [], adapterLog: String = "") {
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
        /// The adapter or the harness broke; nothing is known about the requirement.
        case errored
        /// Not run by choice (selection, shard, fail-fast), with the reason.
        case skipped(reason: String)
        /// Not run because the run was interrupted, with the reason.
        case notRun(reason: String)
    }
}

/// How one requirement fared: its test cases taken together.
public struct RequirementResult: Sendable, Hashable {
    /// The requirement.
    public var requirement: RequirementSummary
    /// Errored if any test case errored, else failed if any failed, else not run if any was not run,
    /// else passed if any passed, else skipped (with the first reason).
    public var outcome: TestCaseResult.Outcome
    /// The sum of its test cases' durations, in seconds.
    public var duration: Double

    /// Creates a result.
    public init(requirement: RequirementSummary, outcome: TestCaseResult.Outcome, duration: Double) {
        self.requirement = requirement
        self.outcome = outcome
        self.duration = duration
    }

    /// Aggregates the results of one requirement's test cases.
    public init(requirement: RequirementSummary, results: [TestCaseResult]) {
        let outcomes = results.map(\.outcome)
        let outcome: TestCaseResult.Outcome
        if outcomes.contains(.errored) { outcome = .errored }
        else if outcomes.contains(.failed) { outcome = .failed }
        else if let notRun = outcomes.first(where: { if case .notRun = $0 { return true } else { return false } }) { outcome = notRun }
        else if outcomes.contains(.passed) { outcome = .passed }
        else { outcome = outcomes.first ?? .skipped(reason: "no test cases") }
        self.init(requirement: requirement, outcome: outcome, duration: results.reduce(0) { $0 + $1.duration })
    }
}

/// A failed check or an error, with its evidence.
public struct Issue: Sendable, Hashable {
    /// A failure (the app's behaviour) or an error (the adapter's or harness's).
    public var kind: Kind
    /// A machine-readable category, e.g. `expectation.noDataOf`, `adapter.timeout`.
    public var type: String
    /// One line saying what went wrong.
    public var message: String
    /// The step after which it was found (0-based), or nil for the scenario's final checks.
    public var stepIndex: Int?
    /// What was expected, for people; empty for errors.
    public var expected: String
    /// What was observed, for people: the offending element or stored item and whose marker it holds.
    public var observed: String
    /// Where the check is written in the spec, if known.
    public var location: SourceLocation?

    /// Creates an issue.
    public init(kind: Kind, type: String, message: String, stepIndex: Int? = nil, expected: String = "", observed: String = "", location: SourceLocation? = nil) {
        self.kind = kind
        self.type = type
        self.message = message
        self.stepIndex = stepIndex
        self.expected = expected
        self.observed = observed
        self.location = location
    }

    /// Failure or error.
    public enum Kind: String, Sendable, Hashable {
        /// The app violated the requirement.
        case failure
        /// The adapter or harness broke.
        case error
    }
}

/// One call the app made, as the harness's broker or backend answered it.
public struct BrokerCallRecord: Sendable, Hashable {
    /// Its position in the test case's transcript, from 1.
    public var sequence: Int
    /// The step during which it was made (0-based), or nil during reset.
    public var stepIndex: Int?
    /// The method.
    public var method: BrokerMethod
    /// The parameters, as compact text.
    public var parameters: String
    /// The answer, as compact text: a result summary or the error.
    public var answer: String
    /// Whether the answer was an error.
    public var failed: Bool
    /// The scopes asked for, for token calls (interactive: with the extra scopes to consent).
    public var scopes: [String]

    /// Creates a record.
    public init(sequence: Int, stepIndex: Int?, method: BrokerMethod, parameters: String, answer: String, failed: Bool, scopes: [String] = []) {
        self.scopes = scopes
        self.sequence = sequence
        self.stepIndex = stepIndex
        self.method = method
        self.parameters = parameters
        self.answer = answer
        self.failed = failed
    }

    /// `#3 acquireToken(scopes: User.Read) -> MSALErrorDomain -50005`.
    public var line: String {
        "#\(sequence) \(method.rawValue)(\(parameters)) -> \(answer)"
    }
}

/// The totals of a run.
public struct RunSummary: Sendable, Hashable {
    /// Test cases that passed.
    public var passed: Int
    /// Test cases that failed, by level.
    public var failedMust: Int
    /// SHOULD test cases that failed.
    public var failedShould: Int
    /// Test cases that errored.
    public var errored: Int
    /// Test cases skipped by choice.
    public var skipped: Int
    /// Test cases not run because the run was interrupted.
    public var notRun: Int
    /// Wall time of the run in seconds.
    public var duration: Double
    /// Whether the run was interrupted (signal, fail-fast does not count).
    public var interrupted: Bool

    /// Creates a summary.
    public init(passed: Int = 0, failedMust: Int = 0, failedShould: Int = 0, errored: Int = 0, skipped: Int = 0, notRun: Int = 0, duration: Double = 0, interrupted: Bool = false) {
        self.passed = passed
        self.failedMust = failedMust
        self.failedShould = failedShould
        self.errored = errored
        self.skipped = skipped
        self.notRun = notRun
        self.duration = duration
        self.interrupted = interrupted
    }

    /// Totals from results.
    public init(results: [TestCaseResult], duration: Double, interrupted: Bool) {
        self.init(duration: duration, interrupted: interrupted)
        for result in results {
            switch result.outcome {
            case .passed: passed += 1
            case .failed: if result.requirement.level == .must { failedMust += 1 } else { failedShould += 1 }
            case .errored: errored += 1
            case .skipped: skipped += 1
            case .notRun: notRun += 1
            }
        }
    }

    /// All test cases counted.
    public var total: Int { passed + failedMust + failedShould + errored + skipped + notRun }
}
