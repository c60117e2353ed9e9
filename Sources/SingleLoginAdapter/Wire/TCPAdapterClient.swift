import Foundation
import SingleLoginSocket
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves a ``ConformanceAdapter`` over a TCP connection to a harness started with
/// `sl-conformance run --listen HOST:PORT`: ``StdioAdapterHost``'s twin for an app that the
/// harness cannot start itself, such as a debug build on the iOS Simulator or a device, or an
/// XCUITest runner.
///
/// The harness never starts or restarts anything in this mode. After an error (a timeout, a
/// protocol violation) it drops the connection; this client then connects again on its own and
/// keeps serving the same adapter, whose next test case begins with `reset`. It returns after
/// the harness's `shutdown`. See docs/wire-protocol.md.
///
/// Connecting, reading and writing happen on threads of the client's own, never on Swift's
/// cooperative pool: an app (or a test process) whose pool is busy with other work still
/// answers the harness in time.
public enum TCPAdapterClient {
    /// Connects to the harness at `host:port` and serves `adapter` until `shutdown`.
    ///
    /// - Parameters:
    ///   - adapter: The adapter that answers the harness's requests.
    ///   - host: The address the harness listens on (`sl-conformance run --listen HOST:PORT`).
    ///   - port: Its port (with `--listen HOST:0`, the one the harness prints on stderr).
    ///   - token: The run's token, when the harness listens on a non-loopback address and printed
    ///     one (`SL_CONFORMANCE_TOKEN` in the environment, when nil).
    ///   - reconnectTimeout: How long to keep trying to connect at the start, before giving up
    ///     with an error; and after a dropped connection, while the harness's address does not
    ///     answer at all. A harness that has stopped listening (its run is over) refuses the
    ///     reconnection at once, and the client gives up at once.
    /// - Throws: ``ConnectionError`` when no connection could be made.
    public static func serve(_ adapter: some ConformanceAdapter, host: String, port: UInt16, token: String? = nil, reconnectTimeout: Duration = .seconds(60))
        async throws
    {
        let token = token ?? ProcessInfo.processInfo.environment["SL_CONFORMANCE_TOKEN"]
        // Between connections the task runs on this thread: connecting blocks it, not the pool.
        let connector = SessionExecutor(name: "sl-tcp-connect")
        try await withPreferredExecutor(connector) {
            var served = 0
            while true {
                let fd = try connect(host: host, port: port, timeout: reconnectTimeout, reconnecting: served > 0)
                served += 1
                let loop = WireEventLoop(input: fd, output: fd, isSocket: true)
                loop.start(name: "sl-adapter-tcp")
                // Cancelling the task ends the connection, which ends serving it.
                let ending = await withTaskCancellationHandler {
                    await WireServer.serve(adapter, loop: loop, token: token)
                } onCancel: {
                    _ = shutdown(fd, Int32(SHUT_RDWR))
                }
                await loop.stop()
                close(fd)
                TransportTrace.note("client.disconnected", "fd=\(fd) \(ending)")
                if ending == .shutdown { return }
                if Task.isCancelled { throw CancellationError() }
            }
        }
    }

    /// Why the client stopped.
    public struct ConnectionError: Error, CustomStringConvertible {
        /// A sentence for people: the address and the last reason.
        public var description: String
    }

    /// Tries to connect until `timeout` has passed, a little apart; blocks the calling thread.
    ///
    /// After a dropped connection (`reconnecting`), a refusal means the harness has stopped
    /// listening: its run is over, so waiting would only delay the error.
    private static func connect(host: String, port: UInt16, timeout: Duration, reconnecting: Bool) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var lastError = ""
        while true {
            try Task.checkCancellation()
            let remaining = deadline - ContinuousClock.now
            do {
                TransportTrace.note("client.connect", "\(host):\(port)")
                let attempt = min(max(remaining, .milliseconds(10)), .seconds(5))
                let fd = try ClientSocket.connect(host: host, port: port, timeout: attempt.inSeconds, mode: .nonBlocking)
                TransportTrace.note("client.connected", "fd=\(fd)")
                return fd
            } catch {
                lastError = error.description
                TransportTrace.note("client.connect.failed", lastError)
                if reconnecting, error.refused {
                    throw ConnectionError(description: "the harness at \(host):\(port) no longer listens (its run is over): \(lastError)")
                }
            }
            guard ContinuousClock.now + .milliseconds(100) < deadline else {
                throw ConnectionError(description: "no harness at \(host):\(port) within \(timeout): \(lastError)")
            }
            usleep(100_000)
        }
    }
}
