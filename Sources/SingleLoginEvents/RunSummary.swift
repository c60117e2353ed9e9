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
    /// MUST test cases that could not be judged (a precondition failed).
    public var notJudgedMust: Int
    /// SHOULD test cases that could not be judged (a precondition failed).
    public var notJudgedShould: Int
    /// Test cases skipped by choice, failures a waiver accepts, and test cases ``untested``.
    public var skipped: Int
    /// Of ``skipped``, the test cases the adapter could not play for want of a capability: they
    /// leave their requirements not fully tested.
    public var untested: Int = 0
    /// Test cases not run because the run was interrupted.
    public var notRun: Int
    /// Test cases that do not apply to the app as configured (they leave nothing unverified).
    public var doesNotApply: Int
    /// Wall time of the run in seconds.
    public var duration: Double
    /// Whether the run was interrupted (signal, fail-fast does not count).
    public var interrupted: Bool
    /// Calls the app made under a request of a test case whose result was already final
    /// (protocol 1.6, `concurrentCalls`), one sentence each: warnings of the run, which change no
    /// verdict. A late call that came while its test case's result was open is a finding of that test case instead.
    public var lateCalls: [String] = []

    /// Creates a summary.
    public init(
        passed: Int = 0, failedMust: Int = 0, failedShould: Int = 0, errored: Int = 0, skipped: Int = 0, notRun: Int = 0, doesNotApply: Int = 0,
        notJudgedMust: Int = 0, notJudgedShould: Int = 0, duration: Double = 0, interrupted: Bool = false
    ) {
        self.passed = passed
        self.failedMust = failedMust
        self.failedShould = failedShould
        self.errored = errored
        self.notJudgedMust = notJudgedMust
        self.notJudgedShould = notJudgedShould
        self.skipped = skipped
        self.notRun = notRun
        self.doesNotApply = doesNotApply
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
            case .notJudged: if result.requirement.level == .must { notJudgedMust += 1 } else { notJudgedShould += 1 }
            // A waived failure is counted as skipped, as the event stream and JUnit show it.
            case .skipped, .waived, .notJudgedOnDevice: skipped += 1
            case .untested:
                skipped += 1
                untested += 1
            case .notRun: notRun += 1
            case .doesNotApply: doesNotApply += 1
            }
        }
    }

    /// All test cases counted.
    public var total: Int { passed + failedMust + failedShould + errored + notJudged + skipped + notRun + doesNotApply }

    /// Test cases that could not be judged, of either level.
    public var notJudged: Int { notJudgedMust + notJudgedShould }

    /// What a count of skipped cases leaves unsaid, ` (20 of them untested)`; empty when none is.
    public var untestedOfSkipped: String { untested > 0 ? " (\(untested) of them untested)" : "" }

    /// `1 does not apply`, `20 do not apply`: how every report counts the cases that do not apply.
    public static func doNotApply(_ count: Int) -> String { "\(count) do\(count == 1 ? "es" : "") not apply" }

    /// Test cases not judged whose requirement's level `gate` gates: like a failure of that level,
    /// they keep the run from passing (a SHOULD one only warns under ``Gate/mustOnly``).
    public func notJudged(under gate: Gate) -> Int {
        notJudgedMust + (gate.gates(.should) ? notJudgedShould : 0)
    }

    /// Failed test cases whose failure only warns under `gate`.
    public func warnings(under gate: Gate) -> Int {
        gate.gates(.should) ? 0 : failedShould
    }

    /// Failed test cases whose failure fails the run under `gate`.
    public func failures(under gate: Gate) -> Int {
        failedMust + failedShould - warnings(under: gate)
    }
}
