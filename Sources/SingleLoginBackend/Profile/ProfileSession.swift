import Foundation
import SingleLoginConformance
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
        factory = ShotFactory(mint: TokenMint(identity: tenant.identity), shape: options.shape, defaultTimeLimit: options.requestTimeout)
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
    private func start(role: BackendProcessRole, keys: [JSONText], again: Bool) async -> Result<BackendProcess, StartFailure> {
        var attempt = 0
        while true {
            attempt += 1
            let process: BackendProcess
            do {
                process = try BackendProcess(command: options.command, role: role, tenant: tenant, keys: keys)
            } catch {
                return .failure(StartFailure(issue: Issue(kind: .error, type: "backend.start.spawn", message: "the backend command could not be started: \(error)"), log: ""))
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
                    await recorder.complete(index, outcome: .notRun(reason: "the run was interrupted while the backend started"), issues: [], duration: clock.now - startedAt, log: "")
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
    @discardableResult
    private func runShots(_ index: Int, _ shots: [Shot], on process: BackendProcess, before: [Event] = [], note: (() -> String)? = nil, startedAt: ContinuousClock.Instant? = nil) async -> Bool {
        let planned = entries[index].planned
        let started = startedAt ?? clock.now
        _ = process.takeNewOutput()
        var events = before
        var issues: [Issue] = []
        var restart = false
        for (step, shot) in shots.enumerated() {
            if Task.isCancelled { break }
            events.append(Event(.stepPerformed(planned.id, index: step, description: "POST \(shot.request.target): \(shot.label)")))
            let exchange = await HTTPClient.send(shot.request, port: process.port, timeout: shot.timeLimit)
            if exchange.failure != nil { restart = true }
            if !process.isRunning { restart = true }
            if let issue = ShotVerdict.issue(for: shot, exchange, stepIndex: step, processNote: processNote(process) + (note.map { "\n" + $0() } ?? "")) {
                issues.append(issue)
            }
        }
        let outcome: TestCaseResult.Outcome = Task.isCancelled ? .notRun(reason: "the run was interrupted during this test case") : issues.isEmpty ? .passed : .failed
        await recorder.complete(index, outcome: outcome, issues: issues, duration: clock.now - started, log: process.takeNewOutput(), steps: events)
        return restart
    }

    /// `Backend process 1234 (port 5678): fetched the discovery document 1 time and the JWKS 1 time; running.`
    private func processNote(_ process: BackendProcess) -> String {
        let fetches = tenant.fetches(ofView: process.view)
        let metadata = fetches.filter { $0.document == .metadata }.count
        let jwks = fetches.filter { $0.document == .jwks }.count
        let state = process.child.exitStatus().map { "ended (\($0))" } ?? "running"
        return "Backend process \(process.child.pid) (port \(process.port), tenant view \(process.view)): fetched the discovery document \(metadata) time\(metadata == 1 ? "" : "s") and the JWKS \(jwks) time\(jwks == 1 ? "" : "s"); \(state)."
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
            await recorder.complete(index, outcome: .notRun(reason: "the run was interrupted while the backend started"), issues: [], duration: clock.now - started, log: "")
            return
        case .failure(let failure):
            await recorder.complete(index, outcome: .errored, issues: [failure.issue], duration: clock.now - started, log: failure.log)
            return
        }
        if role == .decoy {
            let shots = await OffPool.run("backend-tokens") { [factory] in factory.shots(for: backendCase) }
            await runShots(index, shots, on: process, note: { "Its JWKS lists, in order: kty XYZ (decoy-unknown-kty), RSA with alg RS1024 (decoy-rs1024), EC P-256 (decoy-ec-p256), then the tenant key (\(TestKeys.tenant.kid))." }, startedAt: started)
        } else {
            await runRotation(index, backendCase, on: process, startedAt: started)
        }
        await process.stop()
    }

    private func runRotation(_ index: Int, _ backendCase: BackendCase, on process: BackendProcess, startedAt: ContinuousClock.Instant) async {
        let planned = entries[index].planned
        let (first, rotated) = await OffPool.run("backend-tokens") { [factory] in (factory.valid(), factory.rotated(expect: backendCase.expect)) }
        let firstExchange = await HTTPClient.send(first.request, port: process.port, timeout: first.timeLimit)
        var events = [Event(.stepPerformed(planned.id, index: 0, description: "POST \(first.request.target): \(first.label), before the rotation"))]
        if let issue = ShotVerdict.issue(for: first, firstExchange, stepIndex: 0, processNote: processNote(process) + "\nThe rotation was not attempted: the backend must accept a valid token first (see BE-ACCEPT-1).") {
            await recorder.complete(index, outcome: .failed, issues: [issue], duration: clock.now - startedAt, log: process.takeNewOutput(), steps: events)
            return
        }
        tenant.append(tenant.rotationJWK, toView: process.view)
        let rotatedAt = clock.now
        // Wait until `rotationWait` has passed since the last JWKS fetch; a fetch after the
        // rotation (a polling client) already saw the new key, so then `rotationWait` from the rotation suffices.
        while !Task.isCancelled {
            guard let last = tenant.lastJWKSFetch(ofView: process.view) else { break }
            let due = last > rotatedAt ? rotatedAt + options.rotationWait : last + options.rotationWait
            let now = clock.now
            if now >= due { break }
            try? await Task.sleep(until: due, clock: clock)
        }
        if Task.isCancelled {
            await recorder.complete(index, outcome: .notRun(reason: "the run was interrupted during the rotation wait"), issues: [], duration: clock.now - startedAt, log: process.takeNewOutput(), steps: events)
            return
        }
        let sentAt = clock.now
        let timeline: () -> String = { [tenant] in
            let fetches = tenant.fetches(ofView: process.view).filter { $0.document == .jwks }
            let offsets = fetches.map { String(format: "%.1f s", ($0.instant - startedAt).inSeconds) }
            return "Timeline from this process's start: JWKS fetched at \(offsets.isEmpty ? "no time" : offsets.joined(separator: ", ")); key \(TestKeys.rotation.kid) appended at \(String(format: "%.1f s", (rotatedAt - startedAt).inSeconds)); the rotated token sent at \(String(format: "%.1f s", (sentAt - startedAt).inSeconds))."
        }
        events.append(Event(.stepPerformed(planned.id, index: 1, description: "the tenant appends key \(TestKeys.rotation.kid); the harness waits \(options.rotationWait.inSecondsText) since the last JWKS fetch")))
        _ = process.takeNewOutput()
        let exchange = await HTTPClient.send(rotated.request, port: process.port, timeout: rotated.timeLimit)
        events.append(Event(.stepPerformed(planned.id, index: 2, description: "POST \(rotated.request.target): \(rotated.label)")))
        let issues = ShotVerdict.issue(for: rotated, exchange, stepIndex: 2, processNote: processNote(process) + "\n" + timeline()).map { [$0] } ?? []
        await recorder.complete(index, outcome: issues.isEmpty ? .passed : .failed, issues: issues, duration: clock.now - startedAt, log: process.takeNewOutput(), steps: events)
    }
}
