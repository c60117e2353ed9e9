import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// What a ``StepJudge`` sees of one step (or of the whole test case, at its end), and the
/// evaluator it judges with: the same one as the scenario's own checks.
public struct JudgedStep: Sendable {
    /// The step's index (0-based), or nil at the end of the test case.
    public var index: Int?
    /// The step, or nil at the end of the test case.
    public var step: Step?
    /// What the adapter reported before the step (after the previous one).
    public var before: Observation
    /// What the adapter reported after the step and its broadcasts.
    public var observation: Observation
    /// The calls the app made during the step and its broadcasts (at the end: the whole transcript).
    public var calls: [BrokerCallRecord]
    /// How many account-change broadcasts the app received during the step (0 when it was not in the foreground).
    public var broadcastsDelivered: Int
    /// The broker, to ask for the device's state after the step.
    public var broker: SimulatedBroker
    /// The device surfaces the adapter's handshake declared, or nil when it declared none: a
    /// judge that looks for data everywhere leaves out the surfaces the app says it has not.
    public var surfaces: DeclaredSurfaces?
    let evaluator: ExpectationEvaluator

    /// The issues `checks` find against this step's observation and calls, as if the scenario had written them here.
    public func evaluate(_ checks: [Expectation]) async -> [Issue] {
        evaluator.evaluate(checks, observation: observation, calls: calls, stepIndex: index, location: nil)
    }

    /// The issues `checks` find against another observation (``before``, say) with this step's calls.
    public func evaluate(_ checks: [Expectation], against other: Observation) async -> [Issue] {
        evaluator.evaluate(checks, observation: other, calls: calls, stepIndex: index, location: nil)
    }
}
