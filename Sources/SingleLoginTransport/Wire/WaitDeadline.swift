/// When a wait for the adapter ends, and which limit ends it: the request's own timeout (the step
/// timeout, or the handshake's), or the scenario timeout when the test case's time runs out sooner.
/// A wire session and the runner's in-process waits choose it, and word its timeout, the same way.
package struct WaitDeadline: Sendable {
    /// When the wait began.
    package let began: ContinuousClock.Instant
    /// When the wait ends.
    package let instant: ContinuousClock.Instant
    /// `within 10.0 s`, or `before the scenario timeout (60.0 s for the whole test case)`: the limit
    /// that ends the wait, as a timeout's message names it.
    package let limit: String

    /// The end of a wait that begins now: `request` from now, or `scenarioEnds` (the end of a test
    /// case given `scenario`) if that is sooner; nil for a wait the scenario timeout does not bound.
    package init(request: Duration, scenarioEnds: ContinuousClock.Instant?, scenario: Duration) {
        began = .now
        let requestEnds = began + request
        if let scenarioEnds, scenarioEnds < requestEnds {
            instant = scenarioEnds
            limit = "before the scenario timeout (\(scenario.shortText) for the whole test case)"
        } else {
            instant = requestEnds
            limit = "within \(request.shortText)"
        }
    }
}
