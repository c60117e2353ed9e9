extension TestCaseResult {
    /// Every attempt, oldest first: the earlier ones and this one.
    public var attemptCount: Int { earlierAttempts.count + 1 }

    /// The case's history in one line, e.g. `failed on attempt 1, passed on attempt 2 of 2`: what
    /// every report prints beside a flaky or retried case (empty for a case run once).
    public var attemptsLine: String {
        guard !earlierAttempts.isEmpty else { return "" }
        let total = attemptCount
        var parts = earlierAttempts.enumerated().map { index, attempt in
            "\(Self.word(attempt.outcome)) on attempt \(index + 1)"
        }
        parts.append("\(isFlaky ? "passed" : Self.word(outcome)) on attempt \(total) of \(total)")
        return parts.joined(separator: ", ")
    }

    private static func word(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: "passed"
        case .failed: "failed"
        case .errored: "errored"
        case .notJudged: "not judged"
        case .waived: "waived"
        case .skipped: "skipped"
        case .untested: "untested"
        case .notRun: "not run"
        case .doesNotApply: "did not apply"
        case .notJudgedOnDevice: "not judged on a device"
        }
    }

    /// The result of a case whose `earlier` attempts failed or errored and whose last attempt is
    /// `last`: `last` with its history. When `last` passed the case is flaky, and unless
    /// `acceptFlaky` it fails with one ``Issue/Kind/flaky`` failure naming the attempts, so that
    /// every verdict, total and the exit status count it as failed.
    public static func retried(_ last: TestCaseResult, after earlier: [TestCaseResult], acceptFlaky: Bool) -> TestCaseResult {
        guard !earlier.isEmpty else { return last }
        var result = last
        result.earlierAttempts = earlier.flatMap { $0.earlierAttempts + [$0.clearingHistory] } + last.earlierAttempts
        result.duration = earlier.reduce(last.duration) { $0 + $1.duration }
        guard last.outcome == .passed else { return result }
        result.isFlaky = true
        if !acceptFlaky {
            result.outcome = .failed
            let first = result.earlierAttempts.first?.issues.first
            result.issues = [
                Issue(
                    severity: .failure, kind: .flaky,
                    message: "flaky: \(result.attemptsLine)" + (first.map { "; first failure: \($0.message)" } ?? "")
                        + " (--accept-flaky accepts flaky test cases)")
            ]
        }
        return result
    }

    /// This attempt alone, without the history it may carry.
    var clearingHistory: TestCaseResult {
        var attempt = self
        attempt.earlierAttempts = []
        attempt.isFlaky = false
        return attempt
    }
}
