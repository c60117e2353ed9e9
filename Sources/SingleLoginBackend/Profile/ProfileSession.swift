import SingleLoginJSON
import Foundation
import SingleLoginEvents
import Synchronization

/// One profile run against a started tenant: the backend processes, the cases on them, and
/// the ordered hand-over of their results. Every process it starts is stopped before
/// ``runAll(_:)`` returns, also when the task is cancelled.
struct ProfileSession: Sendable {
    let options: BackendProfile.Options
    let tenant: TestTenant
    let entries: [(planned: PlannedTestCase, backendCase: BackendCase)]
    let release: OrderedRelease
    let factory: ShotFactory
    let processes = ProcessRegistry()
    let gate = StartGate()
    let clock = ContinuousClock()

    init(options: BackendProfile.Options, tenant: TestTenant, entries: [(planned: PlannedTestCase, backendCase: BackendCase)], release: OrderedRelease) {
        self.options = options
        self.tenant = tenant
        self.entries = entries
        self.release = release
        factory = ShotFactory(
            mint: TokenMint(identity: tenant.identity), shape: options.shape, defaultTimeLimit: options.requestTimeout, attacker: tenant.attacker.urls)
    }

    private var recorder: CaseRecorder { CaseRecorder(release: release, entries: entries) }

    /// Runs the runnable entries: the shared ones in order on one process, decoy and rotation on their own.
    func runAll(_ runnable: [Int]) async {
        let shared = runnable.filter { entries[$0].backendCase.probe.process == .shared }
        let own = runnable.filter { entries[$0].backendCase.probe.process != .shared }
        if shared.isEmpty { await gate.open(Optional<(StartFailure, String)>.none) }
        await withTaskGroup(of: Void.self) { group in
            if !shared.isEmpty { group.addTask { await runShared(shared) } }
            for index in own { group.addTask { await runOwn(index) } }
        }
        await processes.stopAll()
    }

    // MARK: Processes

    /// Starts a backend process with `keys` in its view and waits for `/health`; the error issue when it cannot.
    ///
    /// A process that exits while something else holds its port (another program took the port
    /// between the harness's check and the backend's bind) is no fault of the backend's: it is
    /// started again on another port, twice at most.
    private func start(role: BackendProcessRole, keys: [JSONValue], again: Bool) async -> Result<BackendProcess, StartFailure> {
        var attempt = 0
        while true {
            attempt += 1
            let process: BackendProcess
            do {
                process = try BackendProcess(command: options.command, role: role, tenant: tenant, keys: keys)
            } catch {
                return .failure(
                    StartFailure(
                        issue: Issue(severity: .error, kind: .backend(.startSpawn), message: "the backend command could not be started: \(error)"), log: ""))
            }
            await processes.add(process)
            let health = await process.waitUntilHealthy(path: options.healthPath, timeout: options.healthTimeout)
            if case .healthy = health { return .success(process) }
            let failure = StartFailure.describe(health, process: process, command: options.command, healthPath: options.healthPath, again: again)
            await process.stop()
            if case .exited = health, attempt < 3, !Task.isCancelled, Socket.isTaken(process.port) { continue }
            return .failure(failure)
        }
    }

    // MARK: Shared cases

    private func runShared(_ indices: [Int]) async {
        // Sign every shared case's tokens while the first backend process starts (RS256 in a
        // debug build costs ~35 ms a signature; the backend's start is mostly waiting).
        let factory = self.factory
        let cases = indices.map { entries[$0].backendCase }
        async let preparedShots = OffPool.run("backend-tokens") { cases.map { factory.shots(for: $0) } }
        var prepared: [[Shot]]?
        var process: BackendProcess?
        var failure: (StartFailure, firstCase: String)?
        var restart = false
        for index in indices {
            let planned = entries[index].planned
            if Task.isCancelled {
                await recorder.complete(index, outcome: .notRun(reason: "the run was interrupted"), issues: [], duration: .zero, log: "")
                continue
            }
            if let (failure, firstCase) = failure {
                await recorder.complete(index, outcome: .errored, issues: [failure.reference(from: firstCase)], duration: .zero, log: "")
                continue
            }
            if process == nil || restart || process?.isRunning == false {
                if let old = process { await old.stop() }
                let startedAt = clock.now
                switch await start(role: .shared, keys: [tenant.tenantJWK], again: process != nil) {
                case .success(let started):
                    if process == nil { await gate.open(nil) }
                    process = started
                    restart = false
                case .failure(_) where Task.isCancelled:
                    await recorder.complete(
                        index, outcome: .notRun(reason: "the run was interrupted while the backend started"), issues: [], duration: clock.now - startedAt,
                        log: "")
                    process = nil
                    continue
                case .failure(let startFailure):
                    if process == nil { await gate.open((startFailure, planned.id.requirementID)) }
                    failure = (startFailure, planned.id.requirementID)
                    process = nil
                    await recorder.complete(index, outcome: .errored, issues: [startFailure.issue], duration: clock.now - startedAt, log: startFailure.log)
                    continue
                }
            }
            guard let current = process else { continue }
            if prepared == nil { prepared = await preparedShots }
            let shots = prepared![indices.firstIndex(of: index)!]
            restart = await runShots(index, shots, on: current)
        }
        // Never leave the other processes waiting (an interruption before the first start).
        await gate.open(Optional<(StartFailure, String)>.none)
        if let process { await process.stop() }
    }

    /// Sends `shots` in order on `process` and completes entry `index`; true when the process
    /// must be restarted for the next case (it died, or a request hung).
    ///
    /// Every shot of the case goes to `process`, also after one of them killed it (those fail as
    /// "no connection"); the next case gets a fresh process. A failure whose answer is no answer
    /// or a 5xx carries the process's output tail (a stack trace, say) in its evidence.
    @discardableResult
    private func runShots(
        _ index: Int, _ shots: [Shot], on process: BackendProcess, before: [Event] = [], note: (() -> String)? = nil, startedAt: ContinuousClock.Instant? = nil
    ) async -> Bool {
        let planned = entries[index].planned
        let started = startedAt ?? clock.now
        let probe = entries[index].backendCase.probe
        _ = process.takeNewOutput()
        var events = before
        var issues: [Issue] = []
        var restart = false
        var outputShown = false
        for (step, shot) in shots.enumerated() {
            if Task.isCancelled { break }
            events.append(Event(.stepPerformed(planned.id, index: step, description: "POST \(shot.request.target): \(shot.label)")))
            let fetchesBefore = jwksFetches(process)
            let endedBefore = !process.isRunning
            let exchange = await HTTPClient.send(shot.request, port: process.port, timeout: shot.timeLimit)
            if exchange.failure != nil { restart = true }
            if !process.isRunning { restart = true }
            guard !ShotVerdict.meets(shot, exchange) else { continue }
            let broken = exchange.reply == nil || (exchange.status ?? 0) >= 500 || !process.isRunning
            if broken { await process.settle(after: exchange) }
            var lines = [processNote(process, jwksBefore: fetchesBefore)]
            if let note { lines.append(note()) }
            if probe == .embeddedKey { lines.append("The attacker's documents, on a server of their own (not the tenant's), so far: \(attackerFetches()).") }
            if endedBefore {
                lines.append(
                    "The process had ended before this request; the case's remaining requests go to it all the same, and the next case gets a fresh process.")
            }
            if broken, !(endedBefore && outputShown) {
                lines.append(Self.outputSection(process))
                outputShown = true
            }
            if let issue = ShotVerdict.issue(for: shot, exchange, stepIndex: step, processNote: lines.joined(separator: "\n")) {
                issues.append(issue)
            }
        }
        if !Task.isCancelled {
            // Reported, never judged: how often the backend refetched on the unknown kid, and
            // whether it followed the token's jku or x5u.
            if probe == .unknownKid {
                events.append(Event(.stepPerformed(planned.id, index: shots.count, description: "reported, not judged: \(fetchSummary(process))")))
            } else if probe == .embeddedKey {
                events.append(Event(.stepPerformed(planned.id, index: shots.count, description: "reported, not judged: \(attackerFetches())")))
            }
        }
        let outcome: TestCaseResult.Outcome =
            Task.isCancelled ? .notRun(reason: "the run was interrupted during this test case") : issues.isEmpty ? .passed : .failed
        await recorder.complete(index, outcome: outcome, issues: issues, duration: clock.now - started, log: process.takeNewOutput(), steps: events)
        return restart
    }

    /// `Backend output (stdout and stderr, last lines):` and the process's output tail, indented.
    static func outputSection(_ process: BackendProcess) -> String {
        let tail = process.outputTail()
        return "Backend output (stdout and stderr, last lines):\n"
            + (tail.isEmpty ? "  (nothing)" : tail.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
    }

    /// How many times `process`'s view served its JWKS so far.
    private func jwksFetches(_ process: BackendProcess) -> Int {
        tenant.fetches(ofView: process.view).filter { $0.document == .jwks }.count
    }

    /// `backend process 1234 fetched the discovery document 1 time and the JWKS 2 times`.
    private func fetchSummary(_ process: BackendProcess) -> String {
        let fetches = tenant.fetches(ofView: process.view)
        let metadata = fetches.filter { $0.document == .metadata }.count
        let jwks = fetches.filter { $0.document == .jwks }.count
        return "backend process \(process.child.pid) fetched the discovery document \(Self.times(metadata)) and the JWKS \(Self.times(jwks))"
    }

    /// `the attacker's JWKS (jku) was fetched 0 times and its certificate (x5u) 1 time`.
    private func attackerFetches() -> String {
        "the attacker's JWKS (jku) was fetched \(Self.times(tenant.attacker.fetchCount(.jwks))) and its certificate (x5u) \(Self.times(tenant.attacker.fetchCount(.certificate)))"
    }

    /// `1 time`, `2 times`.
    static func times(_ count: Int) -> String { "\(count) time\(count == 1 ? "" : "s")" }

    /// `Backend process 1234 (port 5678, tenant view 1): fetched the discovery document 1 time and the JWKS 2 times (1 during this request); running.`
    private func processNote(_ process: BackendProcess, jwksBefore: Int? = nil) -> String {
        let fetches = tenant.fetches(ofView: process.view)
        let metadata = fetches.filter { $0.document == .metadata }.count
        let jwks = fetches.filter { $0.document == .jwks }.count
        let during = jwksBefore.map { " (\(jwks - $0) during this request)" } ?? ""
        let state = process.child.exitStatus().map { "ended (\($0))" } ?? "running"
        return
            "Backend process \(process.child.pid) (port \(process.port), tenant view \(process.view)): fetched the discovery document \(Self.times(metadata)) and the JWKS \(Self.times(jwks))\(during); \(state)."
    }

    // MARK: Decoy and rotation

    private func runOwn(_ index: Int) async {
        let backendCase = entries[index].backendCase
        if let (failure, firstCase) = await gate.wait() {
            await recorder.complete(index, outcome: .errored, issues: [failure.reference(from: firstCase)], duration: .zero, log: "")
            return
        }
        if Task.isCancelled {
            await recorder.complete(index, outcome: .notRun(reason: "the run was interrupted"), issues: [], duration: .zero, log: "")
            return
        }
        let started = clock.now
        let role = backendCase.probe.process
        let keys = role == .decoy ? JSONWebKey.decoys + [tenant.tenantJWK] : [tenant.tenantJWK]
        let process: BackendProcess
        switch await start(role: role, keys: keys, again: false) {
        case .success(let started): process = started
        case .failure(_) where Task.isCancelled:
            await recorder.complete(
                index, outcome: .notRun(reason: "the run was interrupted while the backend started"), issues: [], duration: clock.now - started, log: "")
            return
        case .failure(let failure):
            await recorder.complete(index, outcome: .errored, issues: [failure.issue], duration: clock.now - started, log: failure.log)
            return
        }
        if role == .decoy {
            let shots = await OffPool.run("backend-tokens") { [factory] in factory.shots(for: backendCase) }
            await runShots(
                index, shots, on: process,
                note: {
                    "Its JWKS lists, in order: kty XYZ (decoy-unknown-kty), RSA with alg RS1024 (decoy-rs1024), EC P-256 (decoy-ec-p256), then the tenant key (\(TestKeys.tenant.kid))."
                }, startedAt: started)
        } else {
            await runRotation(index, backendCase, on: process, startedAt: started, healthyAt: clock.now)
        }
        await process.stop()
    }

    /// BE-ROTATE-1: a valid token; the key appended; the rotated token sent `rotationWait` after
    /// the process's last JWKS fetch before the append (the last one that served the keys without
    /// the new key; fetches after the append served it). Had it fetched none, the wait runs from the append.
    private func runRotation(
        _ index: Int, _ backendCase: BackendCase, on process: BackendProcess, startedAt: ContinuousClock.Instant, healthyAt: ContinuousClock.Instant
    ) async {
        let planned = entries[index].planned
        let (first, rotated) = await OffPool.run("backend-tokens") { [factory] in (factory.valid(), factory.rotated(expect: backendCase.expect)) }
        var timeline = RotationTimeline(startedAt: startedAt)
        timeline.healthyAt = healthyAt
        timeline.firstSentAt = clock.now
        let firstExchange = await HTTPClient.send(first.request, port: process.port, timeout: first.timeLimit)
        timeline.firstAnswer = (clock.now, ShotEvidence.outcome(firstExchange))
        var events = [Event(.stepPerformed(planned.id, index: 0, description: "POST \(first.request.target): \(first.label), before the rotation"))]
        if !ShotVerdict.meets(first, firstExchange) {
            let broken = firstExchange.reply == nil || (firstExchange.status ?? 0) >= 500 || !process.isRunning
            if broken { await process.settle(after: firstExchange) }
            var lines = [
                processNote(process), "The rotation was not attempted: the backend must accept a valid token first (see BE-ACCEPT-1).",
                timeline.text(fetches: tenant.fetches(ofView: process.view)),
            ]
            if broken { lines.append(Self.outputSection(process)) }
            let issue = ShotVerdict.issue(for: first, firstExchange, stepIndex: 0, processNote: lines.joined(separator: "\n"))
            await recorder.complete(
                index, outcome: .failed, issues: issue.map { [$0] } ?? [], duration: clock.now - startedAt, log: process.takeNewOutput(), steps: events)
            return
        }
        let appendedAt = tenant.append(tenant.rotationJWK, toView: process.view)
        timeline.appendedAt = appendedAt
        let lastBefore = tenant.fetches(ofView: process.view).last { $0.document == .jwks && $0.instant < appendedAt }?.instant
        let due = (lastBefore ?? appendedAt) + options.rotationWait
        events.append(
            Event(
                .stepPerformed(
                    planned.id, index: 1,
                    description:
                        "the tenant appends key \(TestKeys.rotation.kid); the harness waits until \(options.rotationWait.shortText) after this process's last JWKS fetch before the append"
                )))
        try? await Task.sleep(until: due, clock: clock)
        if Task.isCancelled {
            await recorder.complete(
                index, outcome: .notRun(reason: "the run was interrupted during the rotation wait"), issues: [], duration: clock.now - startedAt,
                log: process.takeNewOutput(), steps: events)
            return
        }
        _ = process.takeNewOutput()
        timeline.rotatedSentAt = clock.now
        timeline.rotatedDue = (lastBefore, options.rotationWait)
        let exchange = await HTTPClient.send(rotated.request, port: process.port, timeout: rotated.timeLimit)
        timeline.rotatedAnswer = (clock.now, ShotEvidence.outcome(exchange))
        events.append(Event(.stepPerformed(planned.id, index: 2, description: "POST \(rotated.request.target): \(rotated.label)")))
        var issues: [Issue] = []
        if !ShotVerdict.meets(rotated, exchange) {
            let broken = exchange.reply == nil || (exchange.status ?? 0) >= 500 || !process.isRunning
            if broken { await process.settle(after: exchange) }
            var lines = [processNote(process), timeline.text(fetches: tenant.fetches(ofView: process.view))]
            if broken { lines.append(Self.outputSection(process)) }
            issues = ShotVerdict.issue(for: rotated, exchange, stepIndex: 2, processNote: lines.joined(separator: "\n")).map { [$0] } ?? []
        }
        // Reported, never judged: when each thing happened, and how often the process fetched.
        events.append(
            Event(
                .stepPerformed(
                    planned.id, index: 3,
                    description: "reported, not judged: \(fetchSummary(process)); \(timeline.text(fetches: tenant.fetches(ofView: process.view)))")))
        await recorder.complete(
            index, outcome: issues.isEmpty ? .passed : .failed, issues: issues, duration: clock.now - startedAt, log: process.takeNewOutput(), steps: events)
    }
}
