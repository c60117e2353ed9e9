import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// An adapter in another process, spoken to with the wire protocol over its stdin and stdout.
///
/// While a harness request is pending, the adapter's own requests (its app's MSAL and backend
/// calls) are answered from the environment given at reset. stderr is captured as the log.
public final class StdioAdapter: ConformanceAdapter {
    /// Who the adapter said it is in the handshake.
    public let identity: AdapterIdentity
    private let connection: StdioConnection

    /// Starts `command`, performs the handshake, and returns the connected adapter.
    public static func start(command: String, timeouts: AdapterTimeouts = AdapterTimeouts(), wireLog: WireLog? = nil) async throws -> StdioAdapter {
        let process: ChildProcess
        do { process = try ChildProcess(command: command) } catch {
            throw AdapterFailure(.spawn, "\(error)")
        }
        wireLog?.started(command)
        let connection = StdioConnection(process: process, timeouts: timeouts, wireLog: wireLog)
        do {
            let identity = try await connection.handshake()
            return StdioAdapter(identity: identity, connection: connection)
        } catch {
            await connection.close()
            throw error
        }
    }

    private init(identity: AdapterIdentity, connection: StdioConnection) {
        self.identity = identity
        self.connection = connection
    }

    public func reset(environment: AppEnvironment) async throws {
        // Every test case starts with a reset: the scenario timeout counts from here.
        await connection.beginScenario(environment)
        _ = try await connection.exchange(.reset, WireEmpty())
    }

    public func handle(_ event: AppEvent) async throws -> Observation {
        try await connection.call(.event, EventParams(event: event.rawValue), as: Observation.self, label: "event \(event.rawValue)")
    }

    public func observe() async throws -> Observation {
        try await connection.call(.observe, WireEmpty(), as: Observation.self)
    }

    private struct EventParams: Encodable { var event: String }

    /// What the adapter wrote to stderr since the last call.
    public func takeLog() -> String { connection.process.stderr.takeNew() }

    /// The adapter's process id, which is also its process group id.
    public var processID: Int32 { connection.process.pid }

    /// Asks the adapter to exit, then ends its process group.
    public func close() async { await connection.close() }
}

