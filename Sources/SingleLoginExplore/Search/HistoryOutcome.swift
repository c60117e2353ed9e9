import SingleLoginEvents
import SingleLoginSpec

/// How one history went: the rules it violated, or the error that stopped it.
package struct HistoryOutcome: Sendable {
    /// The first violation of each rule, earliest first.
    package var violations: [Violation]
    /// The first error, when the adapter or the harness broke (then nothing is known).
    package var error: Issue?
    /// The test case result, with its transcript.
    package var result: TestCaseResult
    /// How many times a rule judged a step.
    package var judgements: Int

    /// The violation of `rule`, if any.
    package func violation(of rule: Rule) -> Violation? { violations.first { $0.rule == rule } }

    /// The earliest violation (by step, then rule order), if any.
    package var first: Violation? {
        violations.min { ($0.stepIndex ?? Int.max, $0.rule) < ($1.stepIndex ?? Int.max, $1.rule) }
    }
}
