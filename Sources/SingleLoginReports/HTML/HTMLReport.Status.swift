import SingleLoginEvents

extension HTMLReport {
    /// What the page shows for a verdict: the verdict itself, except that a failure whose every
    /// failed check is an unmet starting point shows as "precondition unmet", so that a reader
    /// looks first at the requirement that covers the starting point.
    enum Status: String, CaseIterable {
        case failed
        case preconditionUnmet
        case warned
        case errored
        case notRun
        case skipped
        case doesNotApply
        case passed

        /// The status of `verdict`, for test cases whose failures are `issues`.
        init(_ verdict: Verdict, issues: [Issue]) {
            switch verdict {
            case .passed: self = .passed
            case .failed, .warned:
                let failures = issues.filter { $0.severity == .failure }
                if !failures.isEmpty, failures.allSatisfy({ $0.kind == .preconditionUnmet }) {
                    self = .preconditionUnmet
                } else {
                    self = verdict == .failed ? .failed : .warned
                }
            case .errored: self = .errored
            case .skipped: self = .skipped
            case .notRun: self = .notRun
            case .doesNotApply: self = .doesNotApply
            }
        }

        /// Whether the requirement or test case ran and did not pass: what the report of a failing
        /// run opens on (not what was skipped, not run or does not apply).
        var didNotPass: Bool {
            switch self {
            case .failed, .preconditionUnmet, .warned, .errored: true
            case .notRun, .skipped, .doesNotApply, .passed: false
            }
        }

        /// The word a reader sees, with a symbol so that colour is never the only cue.
        var label: String {
            switch self {
            case .passed: "✓ Passed"
            case .failed: "✗ Failed"
            case .preconditionUnmet: "✗ Precondition unmet"
            case .warned: "! Warning"
            case .errored: "! Error"
            case .skipped: "– Skipped"
            case .notRun: "– Not run"
            case .doesNotApply: "➖ Does not apply"
            }
        }

        /// How the header counts it: `3 passed`, `1 warning`.
        var countWord: String {
            switch self {
            case .passed: "passed"
            case .failed: "failed"
            case .preconditionUnmet: "precondition unmet"
            case .warned: "warnings"
            case .errored: "errors"
            case .skipped: "skipped"
            case .notRun: "not run"
            case .doesNotApply: "do not apply"
            }
        }

        /// The filter's name for it (the page's `#status=` values are the raw values).
        var filterName: String {
            switch self {
            case .passed: "Passed"
            case .failed: "Failed"
            case .preconditionUnmet: "Precondition unmet"
            case .warned: "Warning (SHOULD under --level must)"
            case .errored: "Error"
            case .skipped: "Skipped"
            case .notRun: "Not run"
            case .doesNotApply: "Does not apply"
            }
        }
    }
}
