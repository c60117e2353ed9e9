import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Runs one scenario as a test case, outside any plan: a fresh install, the broker in the
/// scenario's starting state, the steps, the broadcasts, the checks — exactly as ``Runner``
/// runs each test case — optionally watched by a ``StepJudge``.
public struct ScenarioRunner: Sendable {
    private let execution: TestCaseExecution

    /// Creates a runner for scenarios of `spec` (its accounts) on `provider`'s adapter.
    public init(spec: Spec, provider: any AdapterProvider, scenarioTimeout: Duration = .seconds(60)) {
        execution = TestCaseExecution(spec: spec, provider: provider, scenarioTimeout: scenarioTimeout)
    }

    /// Runs `scenario` as the test case `id` of `requirement`, sending its events to `handler` as they happen.
    public func run(_ scenario: Scenario, id: TestCaseID, requirement: RequirementSummary, judge: (any StepJudge)? = nil,
                    handler: (Event) -> Void = { _ in }) async -> TestCaseResult {
        await execution.run(PlannedTestCase(id: id, requirement: requirement), scenario, judge: judge, handler: handler)
    }
}
