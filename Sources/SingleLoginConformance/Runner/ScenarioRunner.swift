import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport

/// Runs one scenario as a test case, outside any plan: a fresh install, the broker in the
/// scenario's starting state, the steps, the broadcasts, the checks — exactly as ``Runner``
/// runs each test case — optionally watched by a ``StepJudge``.
public struct ScenarioRunner: Sendable {
    private let execution: TestCaseExecution
    private let taskExecutor: SessionExecutor?

    /// Creates a runner for scenarios of `spec` (its accounts) on `provider`'s adapter, within its scenario timeout.
    public init(spec: Spec, provider: any AdapterProvider) {
        execution = TestCaseExecution(spec: spec, provider: provider)
        taskExecutor = provider.taskExecutor
    }

    /// Runs `scenario` as the test case `id` of `requirement`, sending its events to `handler` as they happen.
    public func run(
        _ scenario: Scenario, id: TestCaseID, requirement: RequirementSummary, judge: (any StepJudge)? = nil,
        handler: (Event) -> Void = { _ in }
    ) async -> TestCaseResult {
        // On the provider's thread, as the runner's jobs are: never on the cooperative pool for long.
        await withPreferredExecutor(taskExecutor) {
            await execution.run(PlannedTestCase(id: id, requirement: requirement), scenario, judge: judge, handler: handler)
        }
    }
}
