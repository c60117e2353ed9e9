import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport

/// Runs one test case: reset, steps, broadcasts, checks; turns whatever happens into a result.
final class TestCaseExecution: Sendable {
    private let spec: Spec
    private let provider: any AdapterProvider
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
        let started = ContinuousClock.now
        let scenarioTimeout = provider.scenarioTimeout
        let id = planned.id
        let broker = SimulatedBroker(spec: spec, given: scenario.given, scenarioKey: id.description)
        let users = SimulatedUser.all(of: spec)
        var issues: [Issue] = []
        var emittedCalls = 0

        /// Emits the calls not yet emitted, and returns the facts as they stood after the last of them.
        @discardableResult
        func emitNewCalls() async -> BrokerFacts {
            let (transcript, facts) = await broker.callsAndFacts()
            for call in transcript.dropFirst(emittedCalls) { handler(Event(.brokerCalled(id, call))) }
            emittedCalls = transcript.count
            return facts
        }
        func record(_ found: [Issue]) {
            for issue in found { handler(Event(.issueRecorded(id, issue))) }
            issues += found
        }

        // The adapter's stderr of this test case: taken at a crash or a hang (the stack trace is
        // in it), and at the end; from the end of the previous test case on, never before it.
        var adapterLog = ""
        var adapterReady = false

        do {
            TransportTrace.note("case.started", id.description)
            let adapter = try await provider.adapter()
            TransportTrace.note("case.adapterReady", id.description)
            // The scenario's time starts now: starting the adapter, or waiting for an app to
            // connect (up to --connect-timeout), has timeouts of its own.
            let scenarioStarted = clock.now()
            adapterReady = true
            handler(Event(.adapterIdentified(adapter.identity)))
            await broker.configure(adapter.identity.msalConfiguration)
            await broker.beginStep(nil)
            try await adapter.reset(environment: AppEnvironment(broker: broker, backend: broker, clock: broker.clock))
            // Reset is a fresh install: whatever the container still holds, a reinstall would not.
            let container = adapter.identity.dataContainer.map { containers.reader(for: $0) }
            if let container, let issue = try ContainerWatch.resetIssue(containers.snapshot(container), directory: container.directory.path) {
                record([issue])
            }
            var state = AppLifecycle.notRunning
            /// What the adapter reported last; `observation` is it with the container's items beside.
            var reported = Observation(running: false, signedInAccount: nil, screen: [], storage: [])
            var observation = reported
            var evaluator = ExpectationEvaluator(users: users, facts: await broker.facts())
            var crashed = false
            var unmet = false

            for (index, step) in scenario.steps.enumerated() {
                TransportTrace.note("case.step", "\(index + 1) of \(id.description)")
                if clock.now() - scenarioStarted > scenarioTimeout {
                    throw AdapterFailure(.timeout, "the test case took longer than \(scenarioTimeout.shortText) (scenario timeout)")
                }
                await broker.beginStep(index, applying: step.action)
                let callsBefore = await broker.transcript().count
                let before = observation
                var delivered = 0
                handler(Event(.stepPerformed(id, index: index, description: step.action.description)))

                /// Delivers `event`; a timeout while the app handles it is the app's hang, not the adapter's fault.
                func handle(_ event: AppEvent, duringBroadcast: Bool = false) async throws -> Observation {
                    let deliveredAt = ContinuousClock.now
                    let callsBeforeEvent = await broker.transcript().count
                    do {
                        return try await adapter.handle(event)
                    } catch let failure as AdapterFailure where failure.kind == .timeout {
                        let calls = Array(await broker.transcript().dropFirst(callsBeforeEvent))
                        throw AppHang(
                            event: event, step: index, description: step.action.description, duringBroadcast: duringBroadcast,
                            waited: ContinuousClock.now - deliveredAt, sinceLastAnswer: await broker.timeSinceLastAnswer(),
                            calls: calls, transport: failure.message, location: step.location)
                    }
                }
                func deliver(_ event: AppEvent, requires required: AppLifecycle) async throws {
                    guard state == required else {
                        throw ScenarioError("step \(index + 1) '\(step.action.description)' needs the app \(required), but it is \(state)")
                    }
                    reported = try await handle(event)
                    state = state.after(event)
                }
                switch step.action {
                case .app(.launch): try await deliver(.launch, requires: .notRunning)
                case .app(.suspend): try await deliver(.suspend, requires: .foreground)
                case .app(.resume): try await deliver(.resume, requires: .suspended)
                case .app(.terminate):
                    guard state != .notRunning else { throw ScenarioError("step \(index + 1) 'terminate' needs the app running, but it is not running") }
                    reported = try await handle(.terminate)
                    state = state.after(.terminate)
                case .app(let event) where event == .accountChangedBroadcast:
                    throw ScenarioError("step \(index + 1) delivers the account-change broadcast itself; write {\"do\": \"broadcast\"}")
                case .app(let event): try await deliver(event, requires: .foreground)
                case .globalSignIn, .globalSignOut, .switchUser, .broadcast, .answerNext, .advanceClock, .requireInteraction:
                    break  // The broker applied it as the step began.
                }
                crashed = reported.crashed

                // The broadcast reaches only a running app in the foreground; a suspended or
                // terminated app has to find out on resume or launch. An app's own sign-in or
                // sign-out posts it too, so delivery repeats until nothing is pending.
                var rounds = 0
                var crashedInBroadcast = false
                while !crashed {
                    let pending = await broker.takePendingBroadcasts()
                    guard pending > 0 else { break }
                    rounds += 1
                    guard rounds <= 50 else { throw ScenarioError("the account-change broadcast kept being posted (over 50 rounds in step \(index + 1))") }
                    guard state == .foreground else { continue }
                    await broker.beginBroadcasts()
                    for _ in 0..<pending where !crashed {
                        reported = try await handle(.accountChangedBroadcast, duringBroadcast: true)
                        crashed = reported.crashed || !reported.running
                        crashedInBroadcast = crashed
                        delivered += 1
                    }
                }
                // After every step, broker steps too: the walk is cheap when nothing changed.
                observation = ContainerWatch.merged(reported, try container.map { try containers.snapshot($0) })
                let facts = await emitNewCalls()
                // The checks read only what this event and the calls record, so a transcript re-judges its test case.
                evaluator = ExpectationEvaluator(users: users, facts: facts)
                handler(Event(.observed(id, observation, facts: evaluator.facts)))
                if crashed || (state != .notRunning && !observation.running) {
                    // The stack trace is in the adapter's stderr of this test case: the failure's reports show it.
                    adapterLog += await provider.takeLog()
                    let when =
                        crashedInBroadcast
                        ? "during the broadcast after step \(index + 1) '\(step.action.description)'" : "during step \(index + 1) '\(step.action.description)'"
                    let crash = Issue(
                        severity: .failure, kind: .appCrashed, message: "the app crashed \(when)", stepIndex: index, expected: "running: true, crashed: false",
                        observed: "running: \(observation.running), crashed: \(observation.crashed)" + Self.stderrEvidence(adapterLog), location: step.location)
                    // A crash in a starting-point step is that starting point not reached: one defect, named once.
                    record([
                        step.startingPoint.map {
                            StartingPoint.unmet($0, failed: [crash], step: index, description: step.action.description, location: step.location)
                        } ?? crash
                    ])
                    crashed = true
                    break
                }
                if !step.expect.isEmpty {
                    let calls = Array(await broker.transcript().dropFirst(callsBefore))
                    let found = evaluator.evaluate(step.expect, observation: observation, calls: calls, stepIndex: index, location: step.location)
                    if let covering = step.startingPoint, !found.isEmpty {
                        // The scenario never reached its starting point: one issue naming the requirement that covers it.
                        record([StartingPoint.unmet(covering, failed: found, step: index, description: step.action.description, location: step.location)])
                        unmet = true
                        break
                    }
                    record(found)
                }
                if let judge {
                    let calls = Array(await broker.transcript().dropFirst(callsBefore))
                    record(
                        await judge.judge(
                            JudgedStep(
                                index: index, step: step, before: before, observation: observation, calls: calls, broadcastsDelivered: delivered,
                                broker: broker, evaluator: evaluator)))
                }
            }
            if !crashed, !unmet {
                record(
                    evaluator.evaluate(scenario.expect, observation: observation, calls: await broker.transcript(), stepIndex: nil, location: scenario.location)
                )
                if let judge {
                    record(
                        await judge.judgeEnd(
                            JudgedStep(
                                index: nil, step: nil, before: observation, observation: observation, calls: await broker.transcript(), broadcastsDelivered: 0,
                                broker: broker, evaluator: evaluator)))
                }
            }
            record(await broker.scenarioProblems().map { Issue(severity: .error, kind: .scenarioInvalid, message: $0, location: scenario.location) })
        } catch {
            await emitNewCalls()
            if let early = await end(
                by: error, planned, scenario, started: started, issues: issues, broker: broker, adapterReady: adapterReady, adapterLog: &adapterLog,
                record: record)
            {
                return early
            }
        }
        let outcome: TestCaseResult.Outcome = issues.contains { $0.severity == .error } ? .errored : issues.isEmpty ? .passed : .failed
        adapterLog += await provider.takeLog()
        return TestCaseResult(
            id: id, requirement: planned.requirement, outcome: outcome, duration: Self.seconds(since: started), issues: issues,
            transcript: await broker.transcript(), adapterLog: adapterLog)
    }

    /// What an error that stopped a test case's steps becomes: its result at once when the run was
    /// interrupted or the adapter is unavailable (nil otherwise), or its issue, given to `record`.
    private func end(
        by error: any Error, _ planned: PlannedTestCase, _ scenario: Scenario, started: ContinuousClock.Instant, issues: [Issue], broker: SimulatedBroker,
        adapterReady: Bool, adapterLog: inout String, record: ([Issue]) -> Void
    ) async -> TestCaseResult? {
        let id = planned.id
        if Task.isCancelled {
            await provider.discard()
            return TestCaseResult(
                id: id, requirement: planned.requirement, outcome: .notRun(reason: "the run was interrupted during this test case"),
                duration: Self.seconds(since: started), issues: issues, transcript: await broker.transcript(),
                adapterLog: adapterLog + (await provider.takeLog()))
        }
        if let unavailable = error as? AdapterUnavailable {
            return TestCaseResult(
                id: id, requirement: planned.requirement, outcome: .notRun(reason: unavailable.description), duration: Self.seconds(since: started))
        }
        if let hang = error as? AppHang {
            // The app's fault, as iOS's watchdog would see it; the adapter is restarted as after any timeout.
            await provider.discard()
            adapterLog += await provider.takeLog()
            let issue = Issue(
                severity: .failure, kind: .appHung, message: hang.message, stepIndex: hang.step,
                expected: "the app settles (answers 'event \(hang.event.rawValue)') within the step timeout",
                observed: hang.evidence + Self.stderrEvidence(adapterLog), location: hang.location)
            let covering = scenario.steps[hang.step].startingPoint
            record([covering.map { StartingPoint.unmet($0, failed: [issue], step: hang.step, description: hang.description, location: hang.location) } ?? issue]
            )
        } else if let failure = error as? AdapterFailure {
            await provider.discard()
            adapterLog += await provider.takeLog()
            // Only what this test case's adapter wrote; a start that failed has only its own process's stderr.
            let tail = adapterReady ? StderrBuffer.tail(of: adapterLog) : failure.stderrTail
            if !adapterReady, adapterLog.isEmpty { adapterLog = failure.stderrTail }
            record([Issue(severity: .error, kind: .adapter(failure.kind), message: failure.message, observed: tail)])
        } else if let unreadable = error as? ContainerUnreadable {
            record([
                Issue(
                    severity: .error, kind: .containerUnreadable, message: unreadable.message,
                    expected: "dataContainer names the directory that holds the app's Documents, Library and tmp, readable by the harness (or is left out)")
            ])
        } else if let problem = error as? ScenarioError {
            record([Issue(severity: .error, kind: .scenarioInvalid, message: problem.message, location: scenario.location)])
        } else {
            record([Issue(severity: .error, kind: .adapter(.adapterError), message: "the adapter threw: \(error)")])
            await provider.discard()
        }
        return nil
    }

    /// The last lines of this test case's adapter stderr, as evidence after an observation.
    static func stderrEvidence(_ log: String) -> String {
        log.isEmpty ? "" : "\nadapter stderr (this test case, last lines):\n" + StderrBuffer.tail(of: log)
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
