import SingleLoginEvents

extension Verdict {
    /// The word people read: PASS, FAIL, WARN, ERROR, BLOCKED (not judged), WAIVED, SKIP, UNTESTED,
    /// NOT RUN, N/A.
    var consoleWord: String {
        switch self {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .warned: "WARN"
        case .errored: "ERROR"
        case .notJudged: "BLOCKED"
        case .waived: "WAIVED"
        case .skipped: "SKIP"
        case .untested: "UNTESTED"
        case .notRun: "NOT RUN"
        case .doesNotApply: "N/A"
        }
    }

    /// The SGR colour code of the word.
    var consoleColor: String {
        switch self {
        case .passed: "32"
        case .failed: "31"
        case .warned, .waived, .untested, .notRun: "33"
        case .notJudged: "35"
        case .errored: "1;31"
        case .skipped, .doesNotApply: "2"
        }
    }

    /// The word padded to a column of `width` (never cut: UNTESTED is one longer than the
    /// others), coloured when the style says so.
    func painted(_ style: ConsoleStyle, width: Int = 7) -> String {
        style.paint(consoleWord.padding(toLength: max(width, consoleWord.count), withPad: " ", startingAt: 0), consoleColor)
    }
}
