import Foundation
import SingleLoginTransport
import Synchronization
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Runs a spec's test cases against an adapter and reports everything as events.
///
/// The plan is made before anything runs; each test case starts from a fresh install and a
/// broker in the scenario's starting state. Recorders see events only. With several jobs,
/// test cases run on that many adapter instances at once, but their events are released in
/// plan order, so every report is the same as with one job. When the task running
/// ``run(handler:)`` is cancelled (Ctrl-C, SIGTERM), the test cases in flight and the rest
/// are reported as not run, and `runEnded` is still emitted so every report gets written.
public struct Runner: Sendable {
    /// The spec to run.
    public var spec: Spec
    /// SHA-256 of the spec file, for report properties.
    public var specSHA256: String
    /// Makes one adapter provider per job.
    public var makeProvider: @Sendable () -> any AdapterProvider
    /// Selection, sharding, fail-fast, jobs and the gate.
    public var options: Options
    /// What each test case's scenario timeout is measured on (a hand-moved clock in tests).
    var scenarioClock = ScenarioClock.continuous

    /// How a run is shaped.
    public struct Options: Sendable {
        /// Which test cases run.
        public var selection: RunSelection
        /// Skip the rest after the first failure or error (test cases already running on other jobs finish).
        public var failFast: Bool
        /// How many adapter instances run test cases at once.
        public var jobs: Int
        /// Which failures fail the run: the run's context carries it, and each requirement's verdict applies it.
        public var gate: Gate
        /// Where the spec came from (`embedded` or its path), for the run's context.
        public var specOrigin: String?
        /// Whether the adapter drives the bundled reference app rather than the user's app; every report says so.
        public var referenceApp: Bool
        /// How many more times a failed or errored test case runs (`--retry N`); a case that passes
        /// on a retry is flaky.
        public var retries: Int
        /// Whether a flaky test case counts as passed (`--accept-flaky`); otherwise it fails.
        public var acceptFlaky: Bool
        /// Results of an earlier run kept as they are (`--rerun`): released without running.
        public var kept: [TestCaseID: TestCaseResult] = [:]
        /// The earlier attempts of test cases run again (`--rerun`): the start of their history, so
        /// that a case failing there and passing here is flaky.
        public var history: [TestCaseID: [TestCaseResult]] = [:]

        /// Creates options.
        public init(
            selection: RunSelection = RunSelection(), failFast: Bool = false, jobs: Int = 1, gate: Gate = .mustAndShould, specOrigin: String? = nil,
            referenceApp: Bool = false,
            retries: Int = 0, acceptFlaky: Bool = false
        ) {
            self.retries = max(0, retries)
            self.acceptFlaky = acceptFlaky
            self.selection = selection
            self.failFast = failFast
            self.jobs = max(1, jobs)
            self.gate = gate
            self.specOrigin = specOrigin
            self.referenceApp = referenceApp
        }
    }

    /// Creates a runner; `makeProvider` is called once per job.
    public init(spec: Spec, specSHA256: String, options: Options = Options(), makeProvider: @escaping @Sendable () -> any AdapterProvider) {
        self.spec = spec
        self.specSHA256 = specSHA256
        self.options = options
        self.makeProvider = makeProvider
    }

    /// Creates a runner with one job on `provider`.
    public init(spec: Spec, specSHA256: String, provider: any AdapterProvider, options: Options = Options()) {
        var options = options
        options.jobs = 1
        self.init(spec: spec, specSHA256: specSHA256, options: options) { provider }
    }

    /// Runs the plan, sending every event to `handler` in order, and returns the totals.
    @discardableResult
    public func run(handler: @escaping @Sendable (Event) -> Void) async -> RunSummary {
        let started = ContinuousClock.now
        let plan = options.selection.plan(for: spec)
        let context = RunContext(
            specID: spec.id, specVersion: spec.version, specTitle: spec.title, specSHA256: specSHA256,
            harnessVersion: HarnessVersion.current, adapter: nil, hostname: RunContext.localHostName, startDate: Date(), gate: options.gate,
            specOrigin: options.specOrigin, referenceApp: options.referenceApp)
        handler(Event(.runStarted(context, plan: plan.map(\.0))))
        let release = OrderedRelease(plan: plan.map(\.0), gate: options.gate, handler: handler)
        let queue = WorkQueue()
        let failFast = options.failFast
        let retries = options.retries
        let acceptFlaky = options.acceptFlaky
        let kept = options.kept
        let history = options.history
        let jobs = min(options.jobs, max(1, plan.count))
        // The jobs' warnings about late calls that came after every window.
        let lateWarnings = LateCallWindow.Warnings()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<jobs {
                let provider = makeProvider()
                let execution = TestCaseExecution(spec: spec, provider: provider, clock: scenarioClock)
                // The job runs on its provider's thread (for a stdio or TCP adapter): the session,
                // the simulated broker and this loop then share one thread, and waits for the
                // adapter never hold a thread of the cooperative pool.
                group.addTask(preferring: provider.taskExecutor) {
                    // Its app's late calls (protocol 1.6), and the test case whose result waits for them.
                    var window = LateCallWindow(release: release, stopping: failFast ? queue : nil)
                    while true {
                        let index = queue.take()
                        guard index < plan.count else { break }
                        let (planned, scenario) = plan[index]
                        var events: [Event] = []
                        let result: TestCaseResult
                        var opensWindow = false
                        if Task.isCancelled {
                            result = TestCaseResult(
                                id: planned.id, requirement: planned.requirement, outcome: .notRun(reason: "the run was interrupted"), duration: 0)
                        } else if let reason = planned.skipReason {
                            result = TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .skipped(reason: reason), duration: 0)
                        } else if let earlier = kept[planned.id] {
                            result = earlier
                        } else if let unavailable = queue.unavailable {
                            result = TestCaseResult(
                                id: planned.id, requirement: planned.requirement, outcome: .notRun(reason: unavailable.description), duration: 0)
                        } else if let reason = queue.stopReason {
                            result = TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .skipped(reason: reason), duration: 0)
                        } else {
                            (result, opensWindow) = await Self.attempt(
                                planned, scenario, on: execution, provider: provider, retries: retries, acceptFlaky: acceptFlaky,
                                history: history[planned.id] ?? [], events: &events, window: &window)
                            if failFast { queue.stop(after: result) }
                            // Two failed starts in a row: the rest would only repeat the error.
                            if result.outcome == .errored, let unavailable = await provider.unavailability(), queue.abandon(because: unavailable) {
                                events.append(Event(.adapterUnavailable(unavailable.unavailability)))
                            }
                        }
                        await window.caseEnded(index, events: events, result: result, opensWindow: opensWindow)
                    }
                    await provider.close()
                    lateWarnings.add(await window.jobEnded(provider: provider))
                }
            }
        }
        let elapsed = ContinuousClock.now - started
        var summary = RunSummary(results: await release.results(), duration: elapsed.inSeconds, interrupted: Task.isCancelled)
        summary.lateCalls = lateWarnings.all
        handler(Event(.runEnded(summary)))
        return summary
    }

    /// Runs one test case, and again up to `retries` times while it fails or errors (not once the
    /// run is cancelled or the adapter cannot start): its result carries the earlier attempts, after
    /// those of `history` (an earlier run's). Only
    /// the last attempt's events are kept, so that the events describe the result's transcript;
    /// the earlier attempts' evidence travels in the result.
    ///
    /// Each attempt's reset closes the late-call window of the test case (or attempt) before it on
    /// this job (`window`). `opensWindow` says whether the last attempt's window opened: its result
    /// is then to be held.
    static func attempt(
        _ planned: PlannedTestCase, _ scenario: Scenario, on execution: TestCaseExecution, provider: any AdapterProvider, retries: Int, acceptFlaky: Bool,
        history: [TestCaseResult], events: inout [Event], window: inout LateCallWindow
    ) async -> (result: TestCaseResult, opensWindow: Bool) {
        var earlier: [TestCaseResult] = []
        while true {
            var attemptEvents = [Event(.testCaseStarted(planned.id))]
            let (result, change) = await execution.runWithLateWindow(planned, scenario) { attemptEvents.append($0) }
            let lateFindings = await window.attemptEnded(change, provider: provider)
            if let last = earlier.indices.last { earlier[last] = earlier[last].charging(lateFindings) }
            var again = (result.outcome == .failed || result.outcome == .errored) && earlier.count < retries && !Task.isCancelled
            // An adapter that cannot start would only fail again.
            if again, result.outcome == .errored, await provider.unavailability() != nil { again = false }
            if !again {
                events += attemptEvents
                let final = TestCaseResult.retried(result, after: history + earlier, acceptFlaky: acceptFlaky)
                // The failure a flaky case gets when flaky cases are not accepted is recorded as any issue is.
                if final.isFlaky, !acceptFlaky { events += final.issues.map { Event(.issueRecorded(planned.id, $0)) } }
                return (final, change.opensOwn)
            }
            // An adapter that identified itself during a failed attempt is still named (once: the release drops repeats).
            events += attemptEvents.filter { if case .adapterIdentified = $0.kind { true } else { false } }
            earlier.append(result)
            window.retrying(opened: change.opensOwn)
        }
    }
}
