import Foundation
import SingleLoginAdapter
import SingleLoginContainer
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport

/// Runs one test case: reset, steps, broadcasts, checks; turns whatever happens into a result.
final class TestCaseExecution: Sendable {
    private let spec: Spec
    let provider: any AdapterProvider
    private let clock: ScenarioClock
    /// The harness's own reading of the app's data container, when the adapter names one.
    let containers = ContainerWatch()

    /// Runs test cases of `spec` on `provider`'s adapters, within its scenario timeout, measured by `clock`.
    init(spec: Spec, provider: any AdapterProvider, clock: ScenarioClock = .continuous) {
        self.spec = spec
        self.provider = provider
        self.clock = clock
    }

    /// Runs one test case, sending its events to `handler` as they happen; `judge` adds its own checks after each step.
    func run(_ planned: PlannedTestCase, _ scenario: Scenario, judge: (any StepJudge)? = nil, handler: (Event) -> Void) async -> TestCaseResult {
        await runWithLateWindow(planned, scenario, judge: judge, handler: handler).result
    }

    /// Runs one test case as ``run(_:_:judge:handler:)`` does, and says what it did to the windows
    /// in which late calls of the app (protocol 1.6) are charged to their test case.
    func runWithLateWindow(
        _ planned: PlannedTestCase, _ scenario: Scenario, judge: (any StepJudge)? = nil, handler: (Event) -> Void
    ) async -> (result: TestCaseResult, window: LateCallWindow.Change) {
        let started = ContinuousClock.now
        // The case's run holds the handler only while this call lasts. Its requests name the
        // test case, for a call of its app that comes after the next reset was answered.
        return await JSONRPCSession.$testCase.withValue(planned.id) {
            await withoutActuallyEscaping(handler) { handler in
                let caseRun = await CaseRun(planned, scenario, spec: spec, handler: handler)
                let result = await run(caseRun, judge: judge, started: started)
                return (result, caseRun.lateWindowChange)
            }
        }
    }

    /// The adapter broke: the provider ends it, and with it every task of its app.
    private func discard(_ run: CaseRun) async {
        run.adapterEnded = true
        // In process the app's events still in flight are this adapter's tasks: they end with it.
        for event in run.eventsInFlight { event.task.cancel() }
        run.eventsInFlight = []
        await provider.discard()
    }

    private func run(_ run: CaseRun, judge: (any StepJudge)?, started: ContinuousClock.Instant) async -> TestCaseResult {
        let planned = run.planned
        do {
            try await play(run, judge: judge)
        } catch {
            await run.emitNewCalls()
            if let early = await end(run, by: error, started: started) { return early }
        }
        // A call the app made after the last step's observation goes out too: the result's
        // transcript is exactly the calls the events record.
        await run.emitNewCalls()
        let issues = run.issues
        let outcome = run.notApplicable ?? TestCaseResult.Outcome(issues: issues, blocker: run.blocker)
        run.adapterLog += await provider.takeLog()
        return TestCaseResult(
            id: planned.id, requirement: planned.requirement, outcome: outcome, duration: Self.seconds(since: started), issues: issues,
            transcript: run.emittedCalls, adapterLog: run.adapterLog)
    }

    /// Starts the test case on a ready adapter, performs its steps, then its end checks (unless a
    /// step ended it) and the scenario's own problems.
    private func play(_ run: CaseRun, judge: (any StepJudge)?) async throws {
        TransportTrace.note("case.started", run.id.description)
        let adapter = try await provider.adapter()
        TransportTrace.note("case.adapterReady", run.id.description)
        // The scenario's time starts now: starting the adapter, or waiting for an app to
        // connect (up to --connect-timeout), has timeouts of its own.
        let scenarioStarted = clock.now()
        run.scenarioEnds = ContinuousClock.now + provider.scenarioTimeout
        run.adapterReady = true
        // A case about surfaces the app declares it has not is not played: nothing of it could be observed.
        if let notApplicable = TestCaseResult.Outcome.notApplicable(about: run.scenario.deviceSurfaces, declared: adapter.identity.surfaces) {
            run.emit(Event(.adapterIdentified(adapter.identity)))
            run.notApplicable = notApplicable
            return
        }
        if !adapter.identity.canPlay(run.scenario) { throw NeedsConcurrentCalls() }
        let container = try await reset(adapter, run)
        var finished = true
        for (index, step) in run.scenario.steps.enumerated() {
            TransportTrace.note("case.step", "\(index + 1) of \(run.id.description)")
            if clock.now() - scenarioStarted > provider.scenarioTimeout {
                throw AdapterFailure(.timeout, "the test case took longer than \(provider.scenarioTimeout.shortText) (scenario timeout)")
            }
            guard try await perform(step, index: index, on: adapter, container: container, run, judge: judge) else {
                finished = false
                break
            }
        }
        if finished {
            try await settleAtEnd(on: adapter, run, container: container)
            await judgeEnd(run, judge: judge)
        }
        run.record(await run.broker.scenarioProblems().map { Issue(severity: .error, kind: .scenarioInvalid, message: $0, location: run.scenario.location) })
    }

    /// Resets the adapter into the test case's broker, and returns the reader of the app's data
    /// container when the adapter names one (a container that still holds files is an issue).
    private func reset(_ adapter: any ConformanceAdapter, _ run: CaseRun) async throws -> ContainerReader? {
        run.emit(Event(.adapterIdentified(adapter.identity)))
        let broker = run.broker
        run.resetSent = true
        // In process a call goes straight to this test case's broker: only over a wire can one come late.
        run.callsComeLate = adapter.isOverWire && adapter.identity.declares(.concurrentCalls)
        run.surfaces = adapter.identity.surfaces
        await broker.configure(adapter.identity.msalConfiguration)
        await broker.beginStep(nil)
        // An in-process app that handles events concurrently gets the broker through the holding
        // door; over the wire the session holds answers itself; any other app the broker as it is.
        let direct = AppEnvironment(broker: broker, backend: broker, clock: broker.clock)
        if adapter.isOverWire {
            try await adapter.reset(environment: direct)
        } else {
            let holding = HoldingBroker(broker: broker)
            let environment = run.scenario.holdsAnswers ? AppEnvironment(broker: holding, backend: holding, clock: broker.clock) : direct
            try await inProcessDeadline(run).run("reset", preferring: provider.taskExecutor) { try await adapter.reset(environment: environment) }
        }
        // Reset is a fresh install: whatever the container still holds, a reinstall would not.
        let container = adapter.identity.dataContainer.map { containers.reader(for: $0) }
        if let container, let issue = try ContainerWatch.resetIssue(containers.snapshot(container), directory: container.directory.path) {
            run.record([issue])
        }
        run.evaluator = ExpectationEvaluator(users: run.users, facts: await broker.facts())
        return container
    }

    /// The deadline of a wait for an in-process adapter that begins now.
    func inProcessDeadline(_ run: CaseRun) -> InProcessDeadline {
        InProcessDeadline(step: provider.stepTimeout, scenarioEnds: run.scenarioEnds, scenario: provider.scenarioTimeout)
    }

    /// The scenario's own checks at the end, and the judge's.
    private func judgeEnd(_ run: CaseRun, judge: (any StepJudge)?) async {
        let transcript = await run.broker.transcript()
        let judgement = CheckJudgement.judge(
            preconditions: run.scenario.preconditions, subject: run.scenario.expect, evaluator: run.evaluator, observation: run.observation,
            calls: transcript, stepIndex: nil, description: nil, location: run.scenario.location)
        switch judgement {
        case .judged(let found): run.record(found)
        case .blocked(let issue, let blocker): run.block(issue, blocker)
        }
        guard let judge else { return }
        run.record(
            await judge.judgeEnd(
                JudgedStep(
                    index: nil, step: nil, before: run.observation, observation: run.observation, calls: transcript,
                    broadcastsDelivered: 0, broker: run.broker, surfaces: run.surfaces, evaluator: run.evaluator)))
    }

    /// What an error that stopped a test case's steps becomes: its result at once when the run was
    /// interrupted or the adapter is unavailable (nil otherwise), or its issue, recorded in `run`.
    private func end(_ run: CaseRun, by error: any Error, started: ContinuousClock.Instant) async -> TestCaseResult? {
        let (planned, scenario, issues) = (run.planned, run.scenario, run.issues)
        let id = planned.id
        if Task.isCancelled {
            await discard(run)
            return TestCaseResult(
                id: id, requirement: planned.requirement, outcome: .notRun(reason: "the run was interrupted during this test case"),
                duration: Self.seconds(since: started), issues: issues, transcript: run.emittedCalls,
                adapterLog: run.adapterLog + (await provider.takeLog()))
        }
        if error is NeedsConcurrentCalls {
            return TestCaseResult(
                id: id, requirement: planned.requirement, outcome: .untested(reason: NeedsConcurrentCalls.reason), duration: Self.seconds(since: started),
                transcript: run.emittedCalls)
        }
        if let unavailable = error as? AdapterUnavailable {
            return TestCaseResult(
                id: id, requirement: planned.requirement, outcome: .notRun(reason: unavailable.description), duration: Self.seconds(since: started),
                transcript: run.emittedCalls)
        }
        if let hang = error as? AppHang {
            // The app's fault, as iOS's watchdog would see it; the adapter is restarted as after any timeout.
            await discard(run)
            run.adapterLog += await provider.takeLog()
            let issue = Issue(
                severity: .failure, kind: .appHung, message: hang.message, stepIndex: hang.step,
                expected: "the app settles (answers 'event \(hang.event.rawValue)') within the step timeout",
                observed: hang.evidence + Self.stderrEvidence(run.adapterLog), location: hang.location)
            // A hang in a starting-point step is that starting point not reached.
            if let covering = scenario.steps[hang.step].startingPoint,
                case .blocked(let unmet, let blocker) = CheckJudgement.blocked(
                    by: covering, failed: [issue], stepIndex: hang.step, description: hang.description, location: hang.location)
            {
                run.block(unmet, blocker)
            } else {
                run.record([issue])
            }
        } else if let failure = error as? AdapterFailure {
            await discard(run)
            run.adapterLog += await provider.takeLog()
            // Only what this test case's adapter wrote; a start that failed has only its own process's stderr.
            let tail = run.adapterReady ? StderrBuffer.tail(of: run.adapterLog) : failure.stderrTail
            if !run.adapterReady, run.adapterLog.isEmpty { run.adapterLog = failure.stderrTail }
            run.record([Issue(severity: .error, kind: .adapter(failure.kind), message: failure.message, observed: tail)])
        } else if let unreadable = error as? ContainerUnreadable {
            run.record([
                Issue(
                    severity: .error, kind: .containerUnreadable, message: unreadable.message,
                    expected: "dataContainer names the directory that holds the app's Documents, Library and tmp, readable by the harness (or is left out)")
            ])
        } else if let problem = error as? ScenarioError {
            run.record([Issue(severity: .error, kind: .scenarioInvalid, message: problem.message, location: scenario.location)])
        } else {
            run.record([Issue(severity: .error, kind: .adapter(.adapterError), message: "the adapter threw: \(error)")])
            await discard(run)
        }
        return nil
    }

    /// The last lines of this test case's adapter stderr, as evidence after an observation.
    static func stderrEvidence(_ log: String) -> String {
        log.isEmpty ? "" : "\nadapter stderr (this test case, last lines):\n" + StderrBuffer.tail(of: log)
    }

    /// The scenario holds an answer across later steps, which only an adapter that declared
    /// `concurrentCalls` (protocol 1.6) can play: the test case is skipped, saying so.
    struct NeedsConcurrentCalls: Error {
        static let reason =
            "the scenario holds an answer across later steps, and the adapter did not declare the capability concurrentCalls (protocol 1.6, docs/wire-protocol.md)"
    }

    /// A scenario that cannot be carried out as written (a spec problem found at run time).
    struct ScenarioError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).inSeconds
    }
}
