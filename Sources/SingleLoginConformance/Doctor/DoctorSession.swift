import Foundation
import SingleLoginAdapter
import SingleLoginContainer
import SingleLoginSpec
import SingleLoginTransport

/// One doctor run against one adapter: the checks in order, and what they found.
actor DoctorSession {
    private let peer: any DoctorPeer
    private let timeouts: AdapterTimeouts
    private(set) var outcomes: [AdapterDoctor.Outcome] = []
    /// How the adapter or its app crashed, the first time it did.
    private(set) var crash: AdapterDoctor.Crash?
    private var broken: String?
    private var slowestStep: (Duration, String) = (.zero, "")
    private var handshakeTook: Duration = .zero
    private var stdoutDirty: String?
    private let spec = ExerciseSpec.load(scenarios: 1).spec
    /// The app's data container: the one the doctor was given (the Simulator's), else the one the handshake names.
    private var container: ContainerReader?
    /// What the container held and what the adapter's storage named, over every event.
    private var coverage = ContainerCoverage()
    /// The device surfaces the handshake declares (protocol 1.6), and those the observations held.
    private var declaredSurfaces: DeclaredSurfaces?
    private var reportedSurfaces: Set<StoredItem.Area> = []
    /// Whether the handshake declared `concurrentCalls` (protocol 1.6).
    private var declaresConcurrentCalls = false

    init(peer: any DoctorPeer, timeouts: AdapterTimeouts, dataContainer: String? = nil) {
        self.peer = peer
        self.timeouts = timeouts
        container = dataContainer.map { ContainerReader(directory: URL(fileURLWithPath: $0)) }
    }

    /// Why the container could not be read, the first time it could not.
    private var containerUnreadable: String?

    /// The container's files now, and why it cannot be read when it cannot (no files then, nor
    /// when it is not known); the first reason is kept for the container check.
    private func readContainer() -> (files: [String], unreadable: String?) {
        guard let container else { return ([], nil) }
        do { return (try container.read().files, nil) } catch {
            if containerUnreadable == nil { containerUnreadable = "\(error)" }
            return ([], "\(error)")
        }
    }

    /// The container's files now (none when it is not known or cannot be read: the container check says why).
    private func containerFiles() -> [String] { readContainer().files }

    private func record(_ name: String, _ passed: Bool, _ detail: String, hint: String? = nil) {
        outcomes.append(.init(name: name, status: passed ? .passed : .failed, detail: detail, hint: passed ? nil : hint))
    }

    /// Sends a request; a failure becomes a failed outcome and stops everything after it.
    private func ask(_ name: String, _ request: JSONRPCSession.Request, timeout: Duration? = nil) async -> JSONValue? {
        if let broken {
            outcomes.append(.init(name: name, status: .notChecked, detail: "not checked: \(broken)", hint: nil))
            return nil
        }
        let started = ContinuousClock.now
        do {
            let result = try await peer.ask(request, timeout: timeout)
            let took = ContinuousClock.now - started
            if request.method == .initialize {
                handshakeTook = took
            } else if took > slowestStep.0 {
                slowestStep = (took, request.what)
            }
            return result
        } catch let failure as AdapterFailure {
            if failure.cause == .outputPolluted { stdoutDirty = failure.message }
            if failure.kind == .exited, crash == nil, let ending = await peer.ending() {
                crash = AdapterDoctor.Crash(ending: ending, during: request.what)
            }
            record(name, false, failure.message + " [\(failure.kind.rawValue)]", hint: failure.fix(timeouts: timeouts))
            broken = "an earlier check failed (\(failure.kind.rawValue))"
            return nil
        } catch {
            record(name, false, "\(error)")
            broken = "an earlier check failed"
            return nil
        }
    }

    /// Runs every check in order; returns the adapter's stderr tail.
    func runAll() async -> String {
        await handshake()
        let broker = SimulatedBroker(spec: spec, given: spec.requirements[0].scenarios[0].given, scenarioKey: "doctor")
        await peer.beginScenario(AppEnvironment(broker: broker, backend: broker, clock: broker.clock))
        // The device's time, as every reset and event carries it (protocol 1.2).
        let now = (try? WireCodec.encoder.encode(broker.clock.now())).map { Array($0) }
        if let result = await ask("reset answers {}", .reset(now: now)) {
            record(
                "reset answers {}", result == .object([]), result == .object([]) ? "" : "answered \(JSONRPCSession.excerpt(result))",
                hint: "Answer reset with an empty object {} once the app is a fresh install, not running.")
        }
        var last: JSONValue?
        let events: [(AppEvent, Bool)] = [
            (.launch, true), (.refresh, true), (.tapSignOut, true), (.tapSignIn, true), (.accountChangedBroadcast, true), (.suspend, true), (.resume, true),
            (.terminate, false),
        ]
        for (event, running) in events {
            let name = "event \(event.rawValue) answers a valid observation"
            guard let result = await ask(name, .event(event, now: now)) else { continue }
            var problems = ObservationShape.problems(in: result)
            if result["crashed"] == .bool(true), crash == nil { crash = AdapterDoctor.Crash(ending: .appCrashed, during: "event \(event.rawValue)") }
            if problems.isEmpty, case .bool(let actual)? = result["running"], actual != running {
                problems.append("running is \(actual) after \(event.rawValue), expected \(running)")
            }
            record(name, problems.isEmpty, problems.joined(separator: "; "), hint: ObservationShape.hint)
            last = result
            coverage.saw(files: containerFiles())
            if case .array(let items)? = result["storage"] {
                coverage.saw(keys: items.compactMap { $0["key"]?.stringValue })
                reportedSurfaces.formUnion(items.compactMap { $0["area"]?.stringValue.flatMap(StoredItem.Area.init(rawValue:)) })
            }
        }
        surfacesCheck()
        if let container, broken == nil, let unreadable = containerUnreadable {
            record(
                "the adapter's storage names every file in the app's container", false, "cannot read \(container.directory.path): \(unreadable)",
                hint:
                    "The harness reads the container after every reset and every step: keep the directory there and readable. A reset empties it (remove what it holds, or remove it and create it again); it does not leave it gone."
            )
        } else if let container, broken == nil {
            let unnamed = coverage.unnamed
            let shown = unnamed.prefix(10).joined(separator: ", ") + (unnamed.count > 10 ? " (and \(unnamed.count - 10) more)" : "")
            record(
                "the adapter's storage names every file in the app's container", unnamed.isEmpty,
                unnamed.isEmpty
                    ? "\(coverage.files.count) file(s) in \(container.directory.path), each named"
                    : "in the container but never in the adapter's storage: \(shown)",
                hint:
                    "Report each of these files (area file, its path in the container as the key, its content decoded), or its leftovers pass unseen wherever the container cannot be read (a device). SandboxObserver (SingleLoginObserver) reports every file of the container for you. Runs that read the container (dataContainer in the handshake, or --simulator) scan them already."
            )
        }
        if let first = await ask("observe changes nothing", .plain(.observe)), let second = await ask("observe changes nothing", .plain(.observe)) {
            let same = first == second && (last == nil || first == last)
            record(
                "observe changes nothing", same, same ? "" : "two observes in a row, or observe after the last event, differ",
                hint: "observe must report the app as it is, without delivering anything to it.")
        }
        await checkConcurrentCalls(broker: broker, now: now)
        await broker.beginStep(nil)
        if await ask("reset is a fresh install", .plain(.reset)) != nil, let after = await ask("reset is a fresh install", .plain(.observe)) {
            let running = after["running"] == .bool(true)
            let storage: [JSONValue]
            if case .array(let items)? = after["storage"] { storage = items } else { storage = [] }
            // A run reads the container right after each reset: one the reset removed fails every test case.
            let (files, gone) = readContainer()
            let fresh = !running && storage.isEmpty && files.isEmpty && gone == nil
            record(
                "reset is a fresh install", fresh,
                fresh
                    ? ""
                    : "after reset: running \(running), \(storage.count) stored item(s)"
                        + (files.isEmpty ? "" : ", \(files.count) file(s) in the container: \(files.prefix(10).joined(separator: ", "))")
                        + (gone.map { ", the container cannot be read: \($0)" } ?? ""),
                hint: gone == nil
                    ? "reset must end the app and remove every file, default, keychain item, cache and memory it kept."
                    : "reset must leave the app's container there, empty (remove what it holds, or remove it and create it again): the harness reads it after every reset and every step."
            )
        }
        if peer.hasProtocolStream {
            if stdoutDirty == nil, let broken {
                outcomes.append(
                    .init(name: "stdout carries protocol messages only", status: .notChecked, detail: "not checked to the end: \(broken)", hint: nil))
            } else {
                record(
                    "stdout carries protocol messages only", stdoutDirty == nil, stdoutDirty ?? "", hint: "Write logs to stderr; print nothing else on stdout.")
            }
        }
        if broken == nil {
            // The handshake includes starting the process: it has its own, longer timeout.
            let (took, what) = slowestStep
            let fast = took * 2 <= timeouts.step && handshakeTook * 2 <= timeouts.handshake
            let detail =
                handshakeTook * 2 > timeouts.handshake
                ? "the handshake took \(handshakeTook.wholeMilliseconds) ms (handshake timeout \(timeouts.handshake.shortText))"
                : "slowest answer: '\(what)' in \(took.wholeMilliseconds) ms (step timeout \(timeouts.step.shortText))"
            record(
                "answers in time", fast, detail,
                hint:
                    "Answer each request well within its timeout; the harness gives up after \(timeouts.step.shortText) per step and \(timeouts.handshake.shortText) for the handshake."
            )
        }
        await shutdown()
        return await peer.finish()
    }

    /// Every surface the handshake says the app has is reported by some observation of the doctor's
    /// session (a signed-in launch, sign-out and sign-in, a broadcast, the background and back): one
    /// that is not leaves its requirement to pass on nothing observed. Not checked when the
    /// handshake declares none.
    private func surfacesCheck() {
        guard broken == nil, let declared = declaredSurfaces, !declared.had.isEmpty else { return }
        let unseen = declared.had.filter { !reportedSurfaces.contains($0) }
        record(
            "every surface the app declares is reported", unseen.isEmpty,
            unseen.isEmpty
                ? "declared and reported: \(declared.had.map(\.rawValue).joined(separator: ", "))"
                : "declared but never reported: \(unseen.map(\.rawValue).joined(separator: ", "))",
            hint:
                "Report each of these surfaces' items in the observation's storage while the app holds them (a signed-in user's notification, Spotlight item, widget timeline, the switcher's snapshot after suspend), or declare the surface false in the handshake's surfaces if the app has none: its requirements then do not apply."
        )
    }

    private func handshake() async {
        let params = JSONValue.members([
            "protocolVersion": .string(WireProtocol.version),
            "harness": .members(["name": .string("sl-conformance doctor"), "version": .string(HarnessVersion.current)]),
        ])
        let request = JSONRPCSession.Request(method: .initialize, params: (try? WireLine.encode(params)) ?? WireLine.emptyObject)
        guard let result = await ask("the handshake is answered", request, timeout: timeouts.handshake) else { return }
        record("the handshake is answered", true, "")
        guard let handshake = try? result.decode(WireProtocol.Handshake.self), !handshake.adapter.name.isEmpty, !handshake.app.bundleId.isEmpty else {
            record(
                "the handshake has the right shape", false, JSONRPCSession.excerpt(result),
                hint:
                    "Answer {\"protocolVersion\": \"\(WireProtocol.version)\", \"adapter\": {\"name\", \"version\"}, \"app\": {\"name\", \"version\", \"bundleId\"}, \"msalVersion\", \"capabilities\": []} with non-empty names."
            )
            broken = "the handshake has the wrong shape"
            return
        }
        record(
            "the handshake has the right shape", true,
            "\(handshake.adapter.name) \(handshake.adapter.version); \(handshake.app.name) (\(handshake.app.bundleId)), MSAL \(handshake.msalVersion)")
        declaredSurfaces = handshake.surfaces
        declaresConcurrentCalls = handshake.identity.declares(.concurrentCalls)
        await peer.adopt(handshake.identity)
        if container == nil, let named = handshake.dataContainer { container = ContainerReader(directory: URL(fileURLWithPath: named)) }
        let major = handshake.protocolVersion.split(separator: ".").first.map(String.init)
        let ok = major == WireProtocol.version.split(separator: ".").first.map(String.init)
        record(
            "it speaks protocol \(WireProtocol.version.split(separator: ".").first ?? "1").x", ok, "it says \(handshake.protocolVersion)",
            hint: "Announce protocolVersion \"\(WireProtocol.version)\"; this harness refuses another major version.")
        if !ok { broken = "the protocol version differs" }
    }

    /// Says whether the adapter declared `concurrentCalls`, and if so holds the answer to the app's
    /// silent call (else its download) on `refresh` with an expired token: the event and a broadcast
    /// after it must be answered while the call waits, and `settle` once the answer was delivered.
    /// An app that makes neither call fails the check: nothing could be held, so nothing was checked.
    private func checkConcurrentCalls(broker: SimulatedBroker, now: [UInt8]?) async {
        let name = "held answers (concurrentCalls, protocol 1.6): an event is answered while a call waits"
        guard declaresConcurrentCalls else {
            record(
                name, true,
                "not declared: the scenarios that hold an answer (SL-INFLIGHT-1's, and one each of SL-LOGOUT-2, SL-SWITCH-1 and SL-SWITCH-3) are untested for this adapter, and run reports their requirements as not fully tested"
            )
            return
        }
        if let broken {
            outcomes.append(.init(name: name, status: .notChecked, detail: "not checked: \(broken)", hint: nil))
            return
        }
        guard peer.hasProtocolStream else {
            record(name, true, "declared; in process the runner holds the answers itself, as a run shows")
            return
        }
        // Someone signed in before the launch, so that the app signs in silently; then her token
        // expires, so that refresh renews it (a silent call) or at least downloads (a backend call).
        await broker.beginStep(nil, applying: .globalSignIn(account: "alice"))
        guard await ask(name, .reset(now: now)) != nil, await ask(name, .event(.launch, now: now)) != nil else { return }
        await broker.beginStep(nil, applying: .advanceClock(minutes: 70))
        let later = (try? WireCodec.encoder.encode(broker.clock.now())).map { Array($0) }
        var heldMethod: BrokerMethod?
        for method in [BrokerMethod.acquireTokenSilent, .fetchRecords] where heldMethod == nil {
            await broker.beginStep(nil, applying: .holdNext(method: method))
            guard await ask(name, .event(.refresh, now: later)) != nil else { return await explainHeld(broker) }
            if await broker.holdsAnswers() { heldMethod = method }
        }
        guard let heldMethod else {
            // Nothing was held, so nothing was checked: never a pass, or an adapter that deadlocks
            // on a held answer would be told all is well.
            record(
                name, false,
                "declared, but not checked: with alice signed in on the device and her token expired, refresh made neither a silent token call nor a download, so no answer could be held",
                hint:
                    "Make refresh renew the token silently (acquireTokenSilent) and download the records (fetchRecords), as SL-TOKEN-3 and SL-LOGIN-5 expect: SL-INFLIGHT-1 holds the answers to those calls. Check the adapter's wiring of refresh if the app does so already."
            )
            return
        }
        guard await ask(name, .event(.accountChangedBroadcast, now: later)) != nil else { return await explainHeld(broker) }
        await broker.releaseHeldAnswers()
        guard await ask(name, .plain(.settle)) != nil else { return }
        let call = heldMethod == .acquireTokenSilent ? "silent token call" : "download"
        record(name, true, "refresh and a broadcast were answered while the app's \(call) was held; settle after its answer")
    }

    /// An event went unanswered while the app's call was held: the fix is the held answer's, not speed.
    private func explainHeld(_ broker: SimulatedBroker) async {
        guard await broker.holdsAnswers(), let last = outcomes.indices.last, outcomes[last].status == .failed else { return }
        outcomes[last].hint =
            "The adapter declares concurrentCalls, so the harness held the answer to the app's call and told the adapter so (a 'held' notification): answer the event once every task of the app waits for a held answer, as wire-protocol.md's 'Calls answered later' says, or declare no concurrentCalls (the held-answer test cases are then untested, and no report counts their requirements as passed)."
    }

    private func shutdown() async {
        let after = peer.hasProtocolStream
        if let broken {
            if after {
                outcomes.append(.init(name: "shutdown is answered and the adapter exits", status: .notChecked, detail: "not checked: \(broken)", hint: nil))
            }
            return
        }
        _ = await ask("shutdown is answered", .plain(.shutdown))
        guard broken == nil else { return }
        outcomes += await peer.afterShutdown()
    }
}
