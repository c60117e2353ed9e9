/// The documented exit codes of `sl-conformance`, derived from a run's events.
public enum ExitStatus: Int32, Sendable {
    /// Every selected requirement passed (SHOULD failures may only warn, under ``Gate/mustOnly``).
    case passed = 0
    /// At least one requirement failed, or could not be judged because a precondition failed.
    case requirementFailures = 1
    /// The adapter or the harness broke, or the run was interrupted.
    case adapterOrHarnessError = 2
    /// The command line was wrong.
    case usage = 64
    /// The spec is invalid.
    case invalidSpec = 65
    /// An input file is missing or cannot be read (`EX_NOINPUT`).
    case noInput = 66

    /// The status a run's summary implies under `gate`.
    public init(summary: RunSummary, gate: Gate) {
        if summary.errored > 0 || summary.interrupted || summary.notRun > 0 {
            self = .adapterOrHarnessError
        } else if summary.failures(under: gate) > 0 || summary.notJudged(under: gate) > 0 {
            self = .requirementFailures
        } else {
            self = .passed
        }
    }

    /// The status of test cases judged after the fact, as a device pass's are (judged from its
    /// trace, when it is made and again by `verify`): no run time, never interrupted.
    public init(judged results: [TestCaseResult], gate: Gate) {
        self.init(summary: RunSummary(results: results, duration: 0, interrupted: false), gate: gate)
    }
}
