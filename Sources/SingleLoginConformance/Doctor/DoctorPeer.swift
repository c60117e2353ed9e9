import Foundation
import SingleLoginAdapter
import SingleLoginTransport

/// What the doctor talks to: an adapter over any line channel, or one in process. The checks
/// are the same; only the transport's own checks (stdout, exit, leftovers) differ.
protocol DoctorPeer: Sendable {
    /// Sends one harness request and returns its result as JSON, or throws an ``AdapterFailure``.
    func ask(_ request: JSONRPCSession.Request, timeout: Duration?) async throws -> JSONValue
    /// Uses `environment` for the app's calls from now on.
    func beginScenario(_ environment: AppEnvironment) async
    /// Serves the adapter's calls as the handshake it answered asks (held answers for `concurrentCalls`).
    func adopt(_ identity: AdapterIdentity) async
    /// The transport's own checks after `shutdown` was answered (exit status, leftovers), in order.
    func afterShutdown() async -> [AdapterDoctor.Outcome]
    /// Whether stdout (or the connection) can carry anything but protocol messages to check.
    var hasProtocolStream: Bool { get }
    /// Ends the adapter; returns the last lines of its log.
    func finish() async -> String
    /// How the adapter ended, after a request failed because it did (``AdapterFailure/Kind/exited``);
    /// nil when it cannot end on its own.
    func ending() async -> AdapterDoctor.Crash.Ending?
}

/// An adapter over a channel: the JSON-RPC session, exactly as a run uses it.
struct ChannelDoctorPeer: DoctorPeer {
    let session: JSONRPCSession
    /// The token the handshake must present, for a non-loopback listener.
    var token: String? = nil

    func ask(_ request: JSONRPCSession.Request, timeout: Duration?) async throws -> JSONValue {
        try await session.call(request, timeout: timeout)
    }

    func beginScenario(_ environment: AppEnvironment) async { await session.beginScenario(environment) }

    func adopt(_ identity: AdapterIdentity) async { await session.adopt(identity) }

    var hasProtocolStream: Bool { true }

    func afterShutdown() async -> [AdapterDoctor.Outcome] {
        await session.withChannel { channel -> [AdapterDoctor.Outcome] in
            guard let process = (channel as? ProcessChannel)?.process else {
                // A connection: the adapter closes it after shutdown.
                var ended = false
                let deadline = ContinuousClock.now + .milliseconds(500)
                waiting: while true {
                    switch channel.receive(before: deadline) {
                    case .ended: ended = true; break waiting
                    case .timedOut, .interrupted: break waiting
                    case .line, .overlong, .unterminated: continue
                    }
                }
                return [
                    AdapterDoctor.Outcome(
                        name: "shutdown is answered and the adapter closes the connection", status: ended ? .passed : .failed,
                        detail: ended ? "it closed the connection" : "the connection is still open 0.5 s after shutdown",
                        hint: ended ? nil : "After answering shutdown with {}, close the connection (TCPAdapterClient.serve returns).")
                ]
            }
            let status = process.waitForExit(before: .now + .milliseconds(500))
            var outcomes = [
                AdapterDoctor.Outcome(
                    name: "shutdown is answered and the adapter exits", status: status == .exited(0) ? .passed : .failed,
                    detail: status.map { "it ended with \($0)" } ?? "still running 0.5 s after shutdown",
                    hint: status == .exited(0)
                        ? nil : "After answering shutdown with {}, exit with status 0 (the harness ends the process group 0.5 s later anyway).")
            ]
            let left = process.livingGroupMembers()
            outcomes.append(
                AdapterDoctor.Outcome(
                    name: "nothing it started outlives it", status: left.isEmpty ? .passed : .failed,
                    detail: left.isEmpty ? "" : "still running in its process group: \(left.map(String.init).joined(separator: ", "))",
                    hint: left.isEmpty
                        ? nil : "End the processes your adapter starts when it shuts down (the harness kills its process group, but a real device would not)."))
            return outcomes
        }
    }

    func finish() async -> String {
        await session.drop()
        return await session.withChannel { $0.drainLog()?.tail() ?? "" }
    }

    func ending() async -> AdapterDoctor.Crash.Ending? {
        await session.withChannel { channel -> AdapterDoctor.Crash.Ending in
            guard let process = (channel as? ProcessChannel)?.process else { return .closedConnection }
            // Its stdout closed: it is reaped in a moment, so that its status can be named.
            return .processEnded(process.exitStatus() ?? process.waitForExit(before: .now + .seconds(1)))
        }
    }
}

/// An adapter in the harness's own process: its answers encoded as they would travel.
actor InProcessDoctorPeer: DoctorPeer {
    let adapter: any ConformanceAdapter
    private var environment: AppEnvironment?

    init(adapter: any ConformanceAdapter) { self.adapter = adapter }

    func ask(_ request: JSONRPCSession.Request, timeout: Duration?) async throws -> JSONValue {
        do {
            switch request.method {
            case .initialize: return try JSONValue(encoding: WireProtocol.Handshake(adapter.identity))
            case .reset:
                guard let environment else { throw AdapterFailure(.adapterError, "reset before the doctor set up its broker") }
                try await adapter.reset(environment: environment)
                return .object([])
            case .event: return try JSONValue(encoding: try await adapter.handle(request.event ?? .launch))
            case .observe: return try JSONValue(encoding: try await adapter.observe())
            case .settle: return try JSONValue(encoding: try await adapter.settle())
            case .shutdown: return .object([])
            }
        } catch let failure as AdapterFailure {
            throw failure
        } catch {
            throw AdapterFailure(.adapterError, "the adapter failed '\(request.what)': \(error)")
        }
    }

    func beginScenario(_ environment: AppEnvironment) { self.environment = environment }

    /// In process nothing travels: the doctor does not hold answers here (a run does, with the kit's host).
    func adopt(_ identity: AdapterIdentity) {}

    nonisolated var hasProtocolStream: Bool { false }

    func afterShutdown() async -> [AdapterDoctor.Outcome] { [] }

    func finish() async -> String { "" }

    /// An adapter in the harness's process never ends on its own.
    func ending() async -> AdapterDoctor.Crash.Ending? { nil }
}
