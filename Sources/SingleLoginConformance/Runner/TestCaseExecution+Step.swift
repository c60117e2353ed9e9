import SingleLoginAdapter
import SingleLoginContainer
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport

extension TestCaseExecution {
    /// Performs step `index`: applies it, delivers its event and the broadcasts it caused, reads the
    /// container, observes, and checks. False when the test case ends here (a crash, or a failed
    /// precondition), true when the next step follows.
    func perform(
        _ step: Step, index: Int, on adapter: any ConformanceAdapter, container: ContainerReader?, _ run: CaseRun, judge: (any StepJudge)?
    ) async throws -> Bool {
        let broker = run.broker
        await broker.beginStep(index, applying: step.action)
        let callsBefore = await broker.transcript().count
        let before = run.observation
        run.emit(Event(.stepPerformed(run.id, index: index, description: step.action.description)))
        let delivery = StepDelivery(adapter: adapter, step: step, index: index, run: run, execution: self)
        try await delivery.deliverEvent()
        let broadcasts = try await delivery.deliverBroadcasts()

        // After every step, broker steps too: the walk is cheap when nothing changed.
        run.observation = ContainerWatch.merged(run.reported, try container.map { try containers.snapshot($0) })
        let facts = await run.emitNewCalls()
        // The checks read only what this event and the calls record, so a transcript re-judges its test case.
        run.evaluator = ExpectationEvaluator(users: run.users, facts: facts)
        run.emit(Event(.observed(run.id, run.observation, facts: run.evaluator.facts, broadcastsDelivered: broadcasts.delivered)))
        if broadcasts.crashed || (run.state != .notRunning && !run.observation.running) {
            await recordCrash(step, index: index, duringBroadcast: broadcasts.crashedInBroadcast, run)
            return false
        }
        // A call made under an earlier step (after a held answer let it go on) is that step's.
        let calls = Array(await broker.transcript().dropFirst(callsBefore)).filter { $0.stepIndex == index }
        let judgement = run.awaitingRelease.judge(step, index: index, evaluator: run.evaluator, observation: run.observation, calls: calls)
        switch judgement {
        case .judged(let found):
            run.record(found)
        case .blocked(let issue, let blocker):
            // A precondition failed: the case is not judged, naming the requirement that owns it.
            run.block(issue, blocker)
            return false
        }
        if let judge {
            run.record(
                await judge.judge(
                    JudgedStep(
                        index: index, step: step, before: before, observation: run.observation, calls: calls, broadcastsDelivered: broadcasts.delivered,
                        broker: broker, surfaces: run.surfaces, evaluator: run.evaluator)))
        }
        return true
    }

    /// The app crashed in step `index` (or the broadcasts after it): one failure, with the stack
    /// trace from the adapter's stderr; in a starting-point step, that starting point not reached.
    private func recordCrash(_ step: Step, index: Int, duringBroadcast: Bool, _ run: CaseRun) async {
        run.adapterLog += await provider.takeLog()
        let when =
            duringBroadcast
            ? "during the broadcast after step \(index + 1) '\(step.action.description)'" : "during step \(index + 1) '\(step.action.description)'"
        let observation = run.observation
        let crash = Issue(
            severity: .failure, kind: .appCrashed, message: "the app crashed \(when)", stepIndex: index, expected: "running: true, crashed: false",
            observed: "running: \(observation.running), crashed: \(observation.crashed)" + Self.stderrEvidence(run.adapterLog), location: step.location)
        // A crash in a starting-point step is that starting point not reached: one defect, named once.
        if let covering = step.startingPoint,
            case .blocked(let issue, let blocker) = CheckJudgement.blocked(
                by: covering, failed: [crash], stepIndex: index, description: step.action.description, location: step.location)
        {
            run.block(issue, blocker)
        } else {
            run.record([crash])
        }
    }
}

extension TestCaseExecution {
    /// After the last step, an adapter that declared `concurrentCalls` gets the answers still held
    /// and is waited for (within the step timeout) until it has settled: what the late answers did
    /// is the test case's, judged by its end checks.
    func settleAtEnd(on adapter: any ConformanceAdapter, _ run: CaseRun, container: ContainerReader?) async throws {
        guard run.scenario.holdsAnswers, let last = run.scenario.steps.indices.last else { return }
        let delivery = StepDelivery(adapter: adapter, step: run.scenario.steps[last], index: last, run: run, execution: self)
        run.reported = try await delivery.settle(releasing: true)
        run.observation = ContainerWatch.merged(run.reported, try container.map { try containers.snapshot($0) })
        let facts = await run.emitNewCalls()
        run.evaluator = ExpectationEvaluator(users: run.users, facts: facts)
    }
}

/// Delivering one step's events to the adapter: the step's own, then the broadcasts it caused.
private struct StepDelivery {
    let adapter: any ConformanceAdapter
    let step: Step
    let index: Int
    let run: CaseRun
    /// The execution, whose provider says how long an in-process wait may last.
    let execution: TestCaseExecution

    /// The job's own thread, which an in-process app's work prefers (a deadline frees it if the app blocks it).
    var executor: SessionExecutor? { execution.provider.taskExecutor }

    /// What the broadcasts of a step came to.
    struct Broadcasts {
        /// How many were delivered.
        var delivered = 0
        /// Whether the app crashed in the step or its broadcasts.
        var crashed: Bool
        /// Whether the crash came while a broadcast was delivered.
        var crashedInBroadcast = false
    }

    /// Delivers the step's own event, if it has one, in the lifecycle state it needs.
    func deliverEvent() async throws {
        switch step.action {
        case .app(.launch): try await deliver(.launch, requires: .notRunning)
        case .app(.suspend): try await deliver(.suspend, requires: .foreground)
        case .app(.resume): try await deliver(.resume, requires: .suspended)
        case .app(.terminate):
            guard run.state != .notRunning else {
                throw TestCaseExecution.ScenarioError("step \(index + 1) 'terminate' needs the app running, but it is not running")
            }
            run.reported = try await handle(.terminate)
            run.state = run.state.after(.terminate)
        case .app(let event) where event == .accountChangedBroadcast:
            throw TestCaseExecution.ScenarioError("step \(index + 1) delivers the account-change broadcast itself; write {\"do\": \"broadcast\"}")
        case .app(let event): try await deliver(event, requires: .foreground)
        case .release: run.reported = try await settle(releasing: true)
        case .globalSignIn, .globalSignOut, .switchUser, .broadcast, .answerNext, .advanceClock, .requireInteraction, .holdNext:
            break  // The broker applied it as the step began.
        }
    }

    /// Delivers the answers the scenario held (when `releasing`) and waits until the app has
    /// settled: over the wire with `settle`, in process by waiting for the events still in flight.
    func settle(releasing: Bool) async throws -> Observation {
        guard !adapter.isOverWire else {
            if releasing { await run.broker.releaseHeldAnswers() }
            return try await adapter.settle()
        }
        let deadline = execution.inProcessDeadline(run)
        let inFlight = run.eventsInFlight
        for event in inFlight { await event.expectHold(from: run.broker) }
        if releasing { await run.broker.releaseHeldAnswers() }
        for event in inFlight {
            guard await event.waitUntilFinishedOrHeld(before: deadline) else {
                await run.broker.clearHoldSignals()
                throw deadline.failure("settle")
            }
        }
        await run.broker.clearHoldSignals()
        run.eventsInFlight = inFlight.filter { !$0.finished }
        for event in inFlight where event.finished { _ = try await event.task.value }
        return try await deadline.run("settle", preferring: executor) { [adapter] in try await adapter.settle() }
    }

    /// Delivers the broadcasts the step caused. The broadcast reaches only a running app in the
    /// foreground; a suspended or terminated app has to find out on resume or launch. An app's own
    /// sign-in or sign-out posts it too, so delivery repeats until nothing is pending.
    func deliverBroadcasts() async throws -> Broadcasts {
        var broadcasts = Broadcasts(crashed: run.reported.crashed)
        var rounds = 0
        while !broadcasts.crashed {
            let pending = await run.broker.takePendingBroadcasts()
            guard pending > 0 else { break }
            rounds += 1
            guard rounds <= 50 else {
                throw TestCaseExecution.ScenarioError("the account-change broadcast kept being posted (over 50 rounds in step \(index + 1))")
            }
            guard run.state == .foreground else { continue }
            await run.broker.beginBroadcasts()
            for _ in 0..<pending where !broadcasts.crashed {
                run.reported = try await handle(.accountChangedBroadcast, duringBroadcast: true)
                broadcasts.crashed = run.reported.crashed || !run.reported.running
                broadcasts.crashedInBroadcast = broadcasts.crashed
                broadcasts.delivered += 1
            }
        }
        return broadcasts
    }

    private func deliver(_ event: AppEvent, requires required: AppLifecycle) async throws {
        guard run.state == required else {
            throw TestCaseExecution.ScenarioError("step \(index + 1) '\(step.action.description)' needs the app \(required), but it is \(run.state)")
        }
        run.reported = try await handle(event)
        run.state = run.state.after(event)
    }

    /// Delivers `event`; a timeout while the app handles it is the app's hang, not the adapter's fault.
    private func handle(_ event: AppEvent, duringBroadcast: Bool = false) async throws -> Observation {
        let deliveredAt = ContinuousClock.now
        let callsBeforeEvent = await run.broker.transcript().count
        do {
            let origin = CallMoment(stepIndex: index, phase: duringBroadcast ? .broadcasts : .step)
            guard !adapter.isOverWire else {
                return try await CallMoment.$current.withValue(origin) { try await adapter.handle(event) }
            }
            // In process the runner enforces the step timeout itself, as a wire session would.
            let deadline = execution.inProcessDeadline(run)
            guard run.scenario.holdsAnswers else {
                return try await deadline.run("event \(event.rawValue)", preferring: executor) { [adapter] in
                    try await CallMoment.$current.withValue(origin) { try await adapter.handle(event) }
                }
            }
            // An in-process app that handles events concurrently: its event is answered once it
            // returns, or, while one of its calls waits for a held answer, with what it shows then.
            let inFlight = await EventInFlight(event, on: adapter, origin: origin, broker: run.broker, executor: executor)
            let settled = await inFlight.waitUntilFinishedOrHeld(before: deadline)
            await run.broker.clearHoldSignals()
            guard settled else {
                // Cancelled with the adapter; until then, still in flight.
                run.eventsInFlight.append(inFlight)
                throw deadline.failure("event \(event.rawValue)")
            }
            guard !inFlight.finished else { return try await inFlight.task.value }
            run.eventsInFlight.append(inFlight)
            return try await deadline.run("observe", preferring: executor) { [adapter] in try await adapter.observe() }
        } catch let failure as AdapterFailure where failure.kind == .timeout {
            let calls = Array(await run.broker.transcript().dropFirst(callsBeforeEvent))
            throw AppHang(
                event: event, step: index, description: step.action.description, duringBroadcast: duringBroadcast,
                waited: ContinuousClock.now - deliveredAt, sinceLastAnswer: await run.broker.timeSinceLastAnswer(),
                calls: calls, transport: failure.message, location: step.location, answerHeld: await run.broker.holdsAnswers())
        }
    }
}
