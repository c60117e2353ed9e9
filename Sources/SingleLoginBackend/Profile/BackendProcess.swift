import SingleLoginJSON
import Foundation
import SingleLoginTransport
import Synchronization
import SingleLoginEvents

/// One backend process: started with the profile's environment in a process group of its own,
/// its stdout and stderr captured together (the tail goes into reports), waited on until
/// `GET /health` answers 200, and ended with its whole group.
public final class BackendProcess: Sendable {
    /// The process (its group id is its pid).
    public let child: ChildProcess
    /// The port it was told to listen on.
    public var port: UInt16 { portClaim.port }
    /// The port's claim among this machine's harness processes, released when the process is stopped.
    private let portClaim: PortClaim
    /// The tenant view its keys come from.
    public let view: Int
    /// What it runs for.
    public let role: BackendProcessRole
    /// The environment it was given (the profile's variables only).
    public let environment: [String: String]
    private let stopped = Mutex(false)

    /// Starts `command` (through `/bin/sh -c`, stdout joined to stderr) on a free port with a fresh view.
    public init(command: String, role: BackendProcessRole, tenant: TestTenant, keys: [JSONValue]) throws {
        portClaim = try Socket.freePort()
        view = tenant.makeView(keys: keys)
        self.role = role
        environment = BackendEnvironment.variables(port: portClaim.port, tenant: tenant, view: view)
        let quoted = "'" + command.replacingOccurrences(of: "'", with: "'\\''") + "'"
        child = try ChildProcess(command: "/bin/sh -c \(quoted) 1>&2", environment: environment, captureOutput: true)
    }

    /// How waiting for `/health` ended.
    public enum Health: Sendable {
        /// It answered 200.
        case healthy(after: Duration)
        /// It exited first.
        case exited(ChildProcess.Termination, after: Duration)
        /// It did not answer 200 in time; the last answer or failure seen.
        case timedOut(after: Duration, last: HTTPExchange?)
    }

    /// Polls `GET path` every 25 ms until it answers 200, the process exits, or `timeout` passes.
    public func waitUntilHealthy(path: String, timeout: Duration) async -> Health {
        let clock = ContinuousClock()
        let started = clock.now
        var last: HTTPExchange?
        while true {
            if let status = child.exitStatus() { return .exited(status, after: clock.now - started) }
            let remaining = timeout - (clock.now - started)
            guard remaining > .zero else { return .timedOut(after: clock.now - started, last: last) }
            let exchange = await HTTPClient.send(HTTPRequest(method: "GET", target: path), port: port, timeout: min(remaining, .seconds(2)))
            if exchange.status == 200 { return .healthy(after: clock.now - started) }
            if exchange.reply != nil || last?.reply == nil { last = exchange }
            do { try await Task.sleep(for: .milliseconds(25)) } catch { return .timedOut(after: clock.now - started, last: last) }
        }
    }

    /// Whether it is still running.
    public var isRunning: Bool { child.exitStatus() == nil }

    /// Ends its whole process group (SIGTERM, then SIGKILL), on a thread of its own; once.
    public func stop() async {
        guard
            stopped.withLock({ state in
                defer { state = true }; return !state
            })
        else { return }
        let child = self.child
        await OffPool.run("backend-stop") { child.terminate(grace: .milliseconds(300)) }
        portClaim.release()
    }

    /// After a request got no answer or a 5xx: waits (at most a second) for a process that dropped
    /// the connection to exit, then (at most another second) until its output stops growing, so
    /// that the evidence shows its final state and its last words (a stack trace, say).
    public func settle(after exchange: HTTPExchange) async {
        let clock = ContinuousClock()
        let dying: Bool
        switch exchange.failure {
        case .closedWithoutReply, .connect: dying = true
        default: dying = false
        }
        if dying {
            let deadline = clock.now + .seconds(1)
            while isRunning, clock.now < deadline {
                do { try await Task.sleep(for: .milliseconds(10)) } catch { return }
            }
        }
        // Quiet for 50 ms (the reader thread has caught up), or a second at most.
        let deadline = clock.now + .seconds(1)
        var last = child.stderr.totalBytes
        var quiet = 0
        while quiet < 5, clock.now < deadline {
            do { try await Task.sleep(for: .milliseconds(10)) } catch { return }
            let now = child.stderr.totalBytes
            quiet = now == last ? quiet + 1 : 0
            last = now
        }
    }

    /// The last lines it wrote (stdout and stderr), for errors.
    public func outputTail(lines: Int = 20) -> String { child.stderr.tail(lines: lines) }

    /// What it wrote since the previous call, for a test case's log.
    public func takeNewOutput() -> String { child.stderr.takeNew() }

    /// The ports on 127.0.0.1 (or any address) its process group listens on, where the system tells (Linux).
    public func listeningPorts() -> [UInt16] { ListeningPorts.of(processGroup: child.pid) }
}
