import SingleLoginEvents

extension HTMLReport {
    /// What the page shows for a verdict: the verdict itself.
    enum Status: String, CaseIterable {
        case failed
        case notJudged
        case warned
        case errored
        case notRun
        case waived
        case untested
        case skipped
        case doesNotApply
        case passed

        /// The status of `verdict`.
        init(_ verdict: Verdict) {
            switch verdict {
            case .passed: self = .passed
            case .failed: self = .failed
            case .warned: self = .warned
            case .notJudged: self = .notJudged
            case .errored: self = .errored
            case .waived: self = .waived
            case .skipped: self = .skipped
            case .untested: self = .untested
            case .notRun: self = .notRun
            case .doesNotApply: self = .doesNotApply
            }
        }

        /// Whether the requirement or test case ran and did not pass: what the report of a failing
        /// run opens on (not what was waived, skipped, not run or does not apply).
        var didNotPass: Bool {
            switch self {
            case .failed, .notJudged, .warned, .errored: true
            case .notRun, .waived, .untested, .skipped, .doesNotApply, .passed: false
            }
        }

        /// The word a reader sees, with a symbol so that colour is never the only cue.
        var label: String {
            switch self {
            case .passed: "✓ Passed"
            case .failed: "✗ Failed"
            case .notJudged: "⊘ Not judged"
            case .warned: "! Warning"
            case .errored: "! Error"
            case .waived: "– Waived"
            case .untested: "◇ Untested"
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
            case .notJudged: "not judged"
            case .warned: "warnings"
            case .errored: "errors"
            case .waived: "waived"
            case .untested: "untested"
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
            case .notJudged: "Not judged (a precondition failed)"
            case .warned: "Warning (SHOULD under --level must)"
            case .errored: "Error"
            case .waived: "Waived (a failure on record)"
            case .untested: "Untested (the adapter lacks a capability)"
            case .skipped: "Skipped"
            case .notRun: "Not run"
            case .doesNotApply: "Does not apply"
            }
        }
    }
}
