import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport

/// What an exploration found.
package struct ExploreResult: Sendable {
    /// A violating history as first found, before shrinking.
    package struct Finding: Sendable {
        /// Its index in the run (0-based): the first violating one.
        package var index: Int
        /// The history.
        package var history: Scenario
        /// Its earliest violation.
        package var violation: Violation
        /// Seconds from the start of exploring until it was found.
        package var seconds: Double
    }

    /// A violation that a replay did not repeat: why, and what was seen once, so that a report
    /// can show the history and its evidence.
    package struct NotReproducible: Sendable {
        /// Why there is no counterexample, in words.
        package var reason: String
        /// The history that violated the rule once (shrunk as far as it went).
        package var history: Scenario
        /// The violation seen then.
        package var violation: Violation
    }

    /// What broke, when the adapter or the harness did.
    package struct Failure: Sendable {
        /// The history it happened in (0-based index).
        package var index: Int
        /// The history.
        package var history: Scenario
        /// The error.
        package var issue: Issue
        /// The test case result, with transcript and adapter log.
        package var result: TestCaseResult
    }

    /// The seed.
    package var seed: UInt64
    /// Histories played while exploring (shrinking replays not counted).
    package var runs = 0
    /// Seconds spent exploring.
    package var exploreSeconds = 0.0
    /// Seconds spent shrinking and confirming.
    package var shrinkSeconds = 0.0
    /// How many times a rule judged a step.
    package var judgements = 0
    /// The rules judged.
    package var rules: [Rule] = []
    /// The adapter, once it answered.
    package var identity: AdapterIdentity?
    /// The first violating history, as found.
    package var finding: Finding?
    /// Its shrunk, confirmed counterexample.
    package var counterexample: Counterexample?
    /// Histories shrunk in vain (candidates replayed).
    package var shrinkReplays = 0
    /// Set when the shrunk history did not violate the rule the same way on every replay: a flaky app or adapter.
    package var notReproducible: NotReproducible?
    /// Violations set aside because the reference app fails the same checks: the rule cannot tell there.
    package var setAside: [Finding] = []
    /// What broke, if anything did.
    package var failure: Failure?
    /// Whether the run was interrupted.
    package var interrupted = false
    /// Calls the app made under a request of a history that had ended (protocol 1.6,
    /// `concurrentCalls`): each was refused (-32600) and changes no verdict, but the app's task
    /// outlived its history; `run` fails the test case such a call is made in.
    package var lateCalls: [LateCall] = []

    /// The run's warning about one of ``lateCalls``.
    package static func warning(_ call: LateCall) -> String {
        "the app's call \(call.description), arrived after its history ended: it was refused (-32600) and changes no verdict; the app's task outlived its history (cancel it or discard its result at reset)"
    }
}
