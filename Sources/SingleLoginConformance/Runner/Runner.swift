import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// Runs a spec's test cases against an adapter and reports everything as events.
///
/// The plan is made before anything runs; each test case starts from a fresh install and a
/// broker in the scenario's starting state. Recorders see events only. When the task running
/// ``run(handler:)`` is cancelled (Ctrl-C, SIGTERM), the test case in flight and the rest are
/// reported as not run, and `runEnded` is still emitted so every report gets written.
public struct Runner: Sendable {
    /// The spec to run.
    public var spec: Spec
    /// SHA-256 of the spec file, for report properties.
    public var specSHA256: String
    /// Supplies the adapter.
    public var provider: any AdapterProvider
    /// Selection, sharding, fail-fast and timeouts.
    public var options: Options

    /// How a run is shaped.
    public struct Options: Sendable {
        /// Which test cases run.
        public var selection: RunSelection
        /// Skip the rest after the first failure or error.
        public var failFast: Bool
        /// How long a whole test case may take.
        public var scenarioTimeout: Duration

        /// Creates options.
        public init(selection: RunSelection = RunSelection(), failFast: Bool = false, scenarioTimeout: Duration = .seconds(60)) {
            self.selection = selection
            self.failFast = failFast
            self.scenarioTimeout = scenarioTimeout
        }
    }

    /// Creates a runner.
    public init(spec: Spec, specSHA256: String, provider: any AdapterProvider, options: Options = Options()) {
        self.spec = spec
        self.specSHA256 = specSHA256
        self.provider = provider
        self.options = options
    }

    /// Runs the plan, sending every event to `handler` in order, and returns the totals.
    @discardableResult
    public func run(handler: @escaping @Sendable (Event) -> Void) async -> RunSummary {
        let started = ContinuousClock.now
        let plan = options.selection.plan(for: spec)
        let context = RunContext(
            specID: spec.id, specVersion: spec.version, specTitle: spec.title, specSHA256: specSHA256,
            harnessVersion: HarnessVersion.current, adapter: nil, hostname: ProcessInfo.processInfo.hostName, startDate: Date())
        handler(Event(.runStarted(context, plan: plan.map(\.0))))
        var results: [TestCaseResult] = []
        var stopReason: String?
        let execution = TestCaseExecution(spec: spec, provider: provider, scenarioTimeout: options.scenarioTimeout, handler: handler)
        for (planned, scenario) in plan {
            let result: TestCaseResult
            if Task.isCancelled {
                result = TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .notRun(reason: "the run was interrupted"), duration: 0)
            } else if let reason = planned.skipReason ?? stopReason {
                result = TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .skipped(reason: reason), duration: 0)
            } else {
                handler(Event(.testCaseStarted(planned.id)))
                result = await execution.run(planned, scenario)
            }
            results.append(result)
            handler(Event(.testCaseEnded(result)))
            if options.failFast, stopReason == nil, result.outcome == .failed || result.outcome == .errored {
                stopReason = "--fail-fast: the run stopped after \(planned.id) \(result.outcome == .failed ? "failed" : "errored")"
            }
        }
        await provider.close()
        let elapsed = ContinuousClock.now - started
        let summary = RunSummary(results: results, duration: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, interrupted: Task.isCancelled)
        handler(Event(.runEnded(summary)))
        return summary
    }
}
