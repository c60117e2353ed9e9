import SingleLoginEvents
import SingleLoginSpec

/// A rule that did not hold in a history: where, with the checks the rule made there and what they found.
package struct Violation: Sendable, Hashable {
    /// The rule.
    package var rule: Rule
    /// The step after which it was found (0-based), or nil for the checks at the end of the history.
    package var stepIndex: Int?
    /// The rule's checks at that point: the expectations of the counterexample.
    package var checks: [Expectation]
    /// The issues they found.
    package var issues: [Issue]

    /// Creates a violation.
    package init(rule: Rule, stepIndex: Int?, checks: [Expectation], issues: [Issue]) {
        self.rule = rule
        self.stepIndex = stepIndex
        self.checks = checks
        self.issues = issues
    }

    /// Whether `other` is the same violation: the same rule, at the same point, with the same checks.
    package func matches(_ other: Violation) -> Bool {
        rule == other.rule && stepIndex == other.stepIndex && checks == other.checks
    }
}
