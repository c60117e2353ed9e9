import SingleLoginAdapter
import SingleLoginSpec

extension AdapterIdentity {
    /// Whether an adapter of this identity can play `scenario`: one that holds answers needs the
    /// capability `concurrentCalls` (protocol 1.6); without it the test case is untested, saying so.
    package func canPlay(_ scenario: Scenario) -> Bool { !scenario.holdsAnswers || declares(.concurrentCalls) }
}
