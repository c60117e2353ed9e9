import SingleLoginEvents

/// The verdict on one check before it becomes a test case result (an `Error` so that a file
/// problem can short-circuit a rule as `Result<_, CheckEvaluation>`).
struct CheckEvaluation: Error, Sendable {
    /// How the check ended.
    var outcome: TestCaseResult.Outcome
    /// The failures or errors found (empty when passed or skipped).
    var issues: [Issue]

    /// The check holds.
    static let passed = CheckEvaluation(outcome: .passed, issues: [])

    /// The check was not evaluated, with the reason.
    static func skipped(_ reason: String) -> CheckEvaluation {
        CheckEvaluation(outcome: .skipped(reason: reason), issues: [])
    }

    /// The app's configuration violates the check.
    static func failed(_ kind: Issue.Kind, _ message: String, expected: String, observed: String) -> CheckEvaluation {
        CheckEvaluation(outcome: .failed, issues: [Issue(severity: .failure, kind: kind, message: message, expected: expected, observed: observed)])
    }

    /// Nothing could be concluded, e.g. a file could not be read.
    static func errored(_ kind: Issue.Kind, _ message: String, observed: String = "") -> CheckEvaluation {
        CheckEvaluation(outcome: .errored, issues: [Issue(severity: .error, kind: kind, message: message, observed: observed)])
    }
}
