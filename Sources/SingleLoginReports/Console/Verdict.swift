import SingleLoginEvents
import SingleLoginSpec

/// The one-word result of a test case or requirement for people: PASS, FAIL, WARN, ERROR, SKIP, NOT RUN.
struct Verdict: Hashable {
    /// The word.
    var word: String
    /// The SGR colour code.
    var color: String
    /// Why it did not run, for skips.
    var reason: String?
    /// How bad, to aggregate scenarios into their requirement.
    var severity: Int

    /// The worst verdict of `results` (one requirement's scenarios, or one test case).
    init(aggregating results: [TestCaseResult], gateOnMustOnly: Bool) {
        var worst = Verdict(word: "SKIP", color: "2", reason: nil, severity: -1)
        for result in results {
            let verdict = Verdict(result, gateOnMustOnly: gateOnMustOnly)
            if verdict.severity > worst.severity { worst = verdict }
        }
        self = worst
    }

    private init(word: String, color: String, reason: String?, severity: Int) {
        self.word = word
        self.color = color
        self.reason = reason
        self.severity = severity
    }

    private init(_ result: TestCaseResult, gateOnMustOnly: Bool) {
        switch result.outcome {
        case let .skipped(reason): self.init(word: "SKIP", color: "2", reason: reason, severity: 0)
        case .passed: self.init(word: "PASS", color: "32", reason: nil, severity: 1)
        case let .notRun(reason): self.init(word: "NOT RUN", color: "33", reason: reason, severity: 2)
        case .failed where gateOnMustOnly && result.requirement.level == .should:
            self.init(word: "WARN", color: "33", reason: nil, severity: 3)
        case .failed: self.init(word: "FAIL", color: "31", reason: nil, severity: 4)
        case .errored: self.init(word: "ERROR", color: "1;31", reason: nil, severity: 5)
        }
    }

    /// The word padded to a column, coloured when the style says so.
    func painted(_ style: ConsoleStyle) -> String {
        style.paint(word.padding(toLength: 7, withPad: " ", startingAt: 0), color)
    }
}
