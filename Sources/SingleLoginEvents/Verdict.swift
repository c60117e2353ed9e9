import SingleLoginSpec

/// How a test case or a requirement fared under the run's ``Gate``: the one verdict the runner,
/// the exit status and every report use.
///
/// A requirement's verdict is the worst of its test cases' verdicts, in this order: errored,
/// failed, warned, not judged, not run, waived, untested, passed, skipped, does not apply (a reason
/// is the first test case's that has one). So a requirement none of whose test cases could be
/// judged is not judged, never passed; one with a waived failure is waived, and one with a case
/// the adapter could not play is untested, even when its other cases passed.
public enum Verdict: Hashable, Sendable {
    /// Every check held.
    case passed
    /// A check failed and the failure gates the run.
    case failed
    /// A check failed, but the gate makes the failure a warning (a SHOULD requirement under ``Gate/mustOnly``).
    case warned
    /// The adapter or the harness broke.
    case errored
    /// A precondition failed, a behaviour another requirement owns: the requirement could not be
    /// judged. It is not a pass, and it gates the run as a failure of its level would.
    case notJudged(Blocker)
    /// A failure a waiver accepts for now: it does not gate the run; it weighs as a skip.
    case waived(WaivedFailure)
    /// Not run by choice (selection, shard, fail-fast), with the reason.
    case skipped(reason: String)
    /// Not run because the adapter lacks a capability the scenario needs, with the reason: the
    /// requirement is not fully tested. It does not gate the run, but it is never counted as passed.
    case untested(reason: String)
    /// Not run because the run was interrupted, with the reason.
    case notRun(reason: String)
    /// Not run because it does not apply to the app as configured, with the reason: unlike a
    /// skip, it leaves nothing unverified.
    case doesNotApply(reason: String)

    /// The verdict on one test case's outcome, for a requirement at `level`, under `gate`.
    public init(_ outcome: TestCaseResult.Outcome, level: Requirement.Level, gate: Gate) {
        switch outcome {
        case .passed: self = .passed
        case .failed: self = gate.gates(level) ? .failed : .warned
        case .errored: self = .errored
        case let .notJudged(blocker): self = .notJudged(blocker)
        case let .waived(failure): self = .waived(failure)
        case let .skipped(reason): self = .skipped(reason: reason)
        case let .untested(reason): self = .untested(reason: reason)
        case let .notRun(reason): self = .notRun(reason: reason)
        case let .doesNotApply(reason): self = .doesNotApply(reason: reason)
        // Reported as a skip, with the reason every report quotes.
        case let .notJudgedOnDevice(reason): self = .skipped(reason: TestCaseResult.Outcome.notJudgedOnDevicePrefix + reason)
        }
    }

    /// The verdict on one test case under `gate`.
    public init(of result: TestCaseResult, gate: Gate) {
        self.init(result.outcome, level: result.requirement.level, gate: gate)
    }

    /// The verdict on a requirement: the worst of its test cases' (skipped when there are none).
    public init(aggregating results: some Sequence<TestCaseResult>, gate: Gate) {
        self = Verdict.worst(of: results.lazy.map { Verdict(of: $0, gate: gate) }) ?? .skipped(reason: "no test cases")
    }

    /// The worse of this verdict and `other`; this one when they are as bad, so that the first
    /// verdict's reason is kept. Every aggregation of verdicts goes through it.
    public func worse(_ other: Verdict) -> Verdict {
        other.severity > severity ? other : self
    }

    /// The worst of `verdicts` (the first of the worst, with its reason), or nil when there are none.
    public static func worst<Verdicts: Sequence<Verdict>>(of verdicts: Verdicts) -> Verdict? {
        verdicts.reduce(nil) { worst, verdict in worst?.worse(verdict) ?? verdict }
    }

    /// How bad, to find the worst: does not apply -1, skipped 0, passed 1, untested 2, waived 3,
    /// not run 4, not judged 5, warned 6, failed 7, errored 8. A waived failure is still a failure
    /// the app has, and an untested case a part nobody verified, so both outweigh a pass (neither
    /// gates: ``Gate`` decides that, not the order).
    public var severity: Int {
        switch self {
        case .doesNotApply: -1
        case .skipped: 0
        case .passed: 1
        case .untested: 2
        case .waived: 3
        case .notRun: 4
        case .notJudged: 5
        case .warned: 6
        case .failed: 7
        case .errored: 8
        }
    }

    /// `passed`, `failed`, `warned`, `errored`, `notJudged`, `skipped`, `notRun` or `doesNotApply`: the name in the event stream
    /// (a waived failure is `skipped` there, its reason ``WaivedFailure/description``; an untested
    /// case is `skipped` there too, marked `"untested": true`).
    public var name: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .warned: "warned"
        case .errored: "errored"
        case .notJudged: "notJudged"
        case .skipped, .waived, .untested: "skipped"
        case .notRun: "notRun"
        case .doesNotApply: "doesNotApply"
        }
    }

    /// The word a report with room for words of its own gives the verdict (the evidence bundle's
    /// manifest, JUnit's `requirement.verdict`): ``name``, except that an untested case or
    /// requirement is `untested` (the event stream marks it on a `skipped` outcome instead).
    public var reportedName: String {
        if case .untested = self { "untested" } else { name }
    }

    /// Why it was skipped, not run, or does not apply, what blocked it (`blocked by SL-SWITCH-3: …`)
    /// or what waived it (`waived: …`).
    public var reason: String? {
        switch self {
        case let .skipped(reason), let .untested(reason), let .notRun(reason), let .doesNotApply(reason): reason
        case let .notJudged(blocker): blocker.description
        case let .waived(failure): failure.description
        default: nil
        }
    }

    /// The outcome before the gate is applied: a warning is a failure.
    public var outcome: TestCaseResult.Outcome {
        switch self {
        case .passed: .passed
        case .failed, .warned: .failed
        case .errored: .errored
        case let .notJudged(blocker): .notJudged(blocker)
        case let .waived(failure): .waived(failure)
        case let .skipped(reason): .skipped(reason: reason)
        case let .untested(reason): .untested(reason: reason)
        case let .notRun(reason): .notRun(reason: reason)
        case let .doesNotApply(reason): .doesNotApply(reason: reason)
        }
    }
}
