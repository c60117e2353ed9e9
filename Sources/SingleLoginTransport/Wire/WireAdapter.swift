import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// An adapter in another process or on another device, spoken to with the wire protocol over
/// a ``LineChannel``: a process the harness starts (``start(command:environment:timeouts:wireLog:executor:)``)
/// or a connection the adapter made (``connect(_:timeouts:wireLog:executor:token:)``).
///
/// While a harness request is pending, the adapter's own requests (its app's MSAL and backend
/// calls) are answered from the environment given at reset.
public final class WireAdapter: ConformanceAdapter {
    /// Who the adapter said it is in the handshake.
    public let identity: AdapterIdentity
    let session: JSONRPCSession

    /// Starts `command` (with `/bin/sh -c`), performs the handshake, and returns the connected adapter.
    ///
    /// The session runs on `executor`; a caller whose task prefers the same executor makes each
    /// round trip without a thread hand-off.
    public static func start(
        command: String, environment: [String: String] = [:], timeouts: AdapterTimeouts = AdapterTimeouts(), wireLog: WireLog? = nil,
        executor: SessionExecutor = SessionExecutor()
    ) async throws -> WireAdapter {
        let channel: ProcessChannel
        do { channel = try ProcessChannel(command: command, environment: environment) } catch {
            throw AdapterFailure(.spawn, "\(error)")
        }
        wireLog?.started(command)
        return try await connect(channel, timeouts: timeouts, wireLog: wireLog, executor: executor)
    }

    /// Performs the handshake over `channel` (a process's pipes or a connection) and returns the adapter.
    ///
    /// With `token`, the handshake must present it (a non-loopback listener's rule). On failure
    /// the channel is closed (a process's group ended) before the failure is thrown.
    public static func connect(
        _ channel: sending any LineChannel, timeouts: AdapterTimeouts = AdapterTimeouts(), wireLog: WireLog? = nil,
        executor: SessionExecutor = SessionExecutor(), token: String? = nil
    ) async throws -> WireAdapter {
        let session = JSONRPCSession(channel: channel, executor: executor, timeouts: timeouts, wireLog: wireLog)
        do {
            let identity = try await session.handshake(token: token)
            return WireAdapter(identity: identity, session: session)
        } catch {
            // It did not answer the handshake properly: asking it to shut down would only wait.
            await session.drop()
            throw error
        }
    }

    private init(identity: AdapterIdentity, session: JSONRPCSession) {
        self.identity = identity
        self.session = session
    }

    /// This adapter, on the same session, with `directory` as its app's data container: the
    /// harness found it (`run --simulator`) where the handshake named none. Still a `WireAdapter`,
    /// so that the runner serves it as one (its late calls, the answers its session holds).
    package func naming(dataContainer directory: String) -> WireAdapter {
        var identity = identity
        identity.dataContainer = directory
        return WireAdapter(identity: identity, session: session)
    }

    public func reset(environment: AppEnvironment) async throws {
        // Every test case starts with a reset: the scenario timeout counts from here.
        await session.beginScenario(environment)
        try await session.reset()
    }

    public func handle(_ event: AppEvent) async throws -> Observation {
        try await session.event(event)
    }

    public func observe() async throws -> Observation {
        try await session.call(.plain(.observe), as: Observation.self)
    }

    /// `settle` to an adapter that declared `WireProtocol.Capability.concurrentCalls`; `observe` to any other.
    public func settle() async throws -> Observation {
        await session.concurrent ? try await session.settle() : try await observe()
    }

    /// What the adapter wrote to its log (a process's stderr) since the last call.
    public func takeLog() async -> String { await session.takeLog() }

    /// The calls its app made under a request of a test case that had ended, since the last call.
    public func takeLateCalls() async -> [LateCall] { await session.takeLateCalls() }

    /// Asks the adapter to shut down, then ends it (a process's group) or closes the connection.
    public func close() async { await session.close() }

    /// Closes the connection or ends the process at once, without asking it to shut down.
    public func drop() async { await session.drop() }
}

extension ConformanceAdapter {
    /// Whether the adapter is served over the wire: in another process or on another device,
    /// where its session holds answers itself and its app's calls can come late. A provider that
    /// changes its adapters must hand back the `WireAdapter` itself (as ``ContainerNamingProvider``
    /// does), never wrap it: a wrapper would be served as an app in process.
    package var isOverWire: Bool { self is WireAdapter }
}
