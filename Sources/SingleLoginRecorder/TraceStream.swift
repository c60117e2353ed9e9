import Foundation
import SingleLoginSocket

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The trace's lines streamed over TCP to `sl-conformance device-pass --listen`, as they are
/// written: the first line presents the pass's token (`{"token": ...}`, printed by the harness),
/// then every trace line follows. The harness sends `{"checkpoint": "LABEL"}` when the tester
/// confirms a step; the recorder then takes a checkpoint under that label. A stream the harness
/// refuses (another token, another trace) hears why first: `{"refused": "REASON"}`.
///
/// A connection lost while the app runs (iOS took a suspended app's socket, the device changed
/// networks, the harness was stopped to resume the pass later) is made again for as long as the app
/// runs: at once after one that lasted, else after a wait that doubles with each connection in a row
/// that did not: 1, 2, 4 ... up to 10 seconds. The trace is sent
/// again from its start (the harness keeps each line once), so nothing written meanwhile is lost.
/// TCP keepalive ends a connection the network dropped without a word.
///
/// ``start(host:port:token:recorder:timeout:onFailure:)`` returns at once and connects whenever the
/// harness listens, also when the app launched before it did; ``connect(host:port:token:recorder:timeout:)``
/// waits for the first connection and throws when it fails.
///
///     #if DEBUG
///     let stream = TraceStream.start(host: "192.168.1.20", port: 7361, token: "…", recorder: recorder) { failure in
///         NSLog("device pass: %@", failure.description)  // why an attempt failed; it tries again
///     }
///     #endif
public final class TraceStream: @unchecked Sendable {  // `descriptor`, `closed`, `stopped` and `failuresTold` are guarded by `lock`
    /// Why the stream could not connect.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong: the address and the reason, and what to check.
        public var description: String

        init(description: String) {
            self.description = description
        }

        init(_ error: ClientSocket.ConnectError, timeout: Double) {
            description =
                error.description
                + TraceStream.connectionHint(refused: error.refused, timedOut: error.timedOut, unreachable: error.unreachable, timeout: timeout)
        }
    }

    private var descriptor: Int32
    private let lock = NSLock()
    private var closed = false
    private var stopped = false
    private let endpoint: Endpoint
    /// Hears why an attempt to connect failed, or why the harness refused the stream.
    private let onFailure: @Sendable (Failure) -> Void
    /// The failures told since the stream last had a connection that lasted: each reason is told once.
    private var failuresTold: Set<String> = []

    /// Where the harness listens, and what to present to it: what a reconnection needs.
    private struct Endpoint {
        let host: String
        let port: UInt16
        let timeout: Double
        let hello: String

        /// A connection to the harness, probed by TCP keepalive.
        func connect() throws(ClientSocket.ConnectError) -> Int32 {
            let fd = try ClientSocket.connect(host: host, port: port, timeout: timeout, mode: .blocking)
            ClientSocket.keepAlive(fd)
            return fd
        }
    }

    /// The longest wait between two attempts to connect again, in seconds: how long a tester may
    /// wait for the app after resuming a pass, against one refused connection every 10 seconds
    /// while nothing listens.
    static let longestRetryWait = 10.0
    /// How long a connection must have lasted, in seconds, to be made again at once when it ends:
    /// the harness refuses another token or another trace within moments of the connection.
    static let lastingConnection = 5.0

    private init(descriptor: Int32, endpoint: Endpoint, onFailure: @escaping @Sendable (Failure) -> Void) {
        self.descriptor = descriptor
        self.endpoint = endpoint
        self.onFailure = onFailure
        closed = descriptor < 0
    }

    /// What the harness is told first: the pass's token and the trace's pass ID.
    private static func endpoint(host: String, port: UInt16, token: String, recorder: SessionRecorder, timeout: Double) -> Endpoint {
        let hello = ["token": token, "passID": recorder.header.passID]
        let data = (try? JSONSerialization.data(withJSONObject: hello, options: [.sortedKeys])) ?? Data()
        return Endpoint(host: host, port: port, timeout: timeout, hello: String(decoding: data, as: UTF8.self))
    }

    /// Connects to the harness, presents `token`, sends the lines written so far and every later one,
    /// and answers the harness's checkpoint requests with `recorder`. Blocks while it connects, at
    /// most `timeout` seconds for each address `host` resolves to (10 by default: a wrong address or
    /// a device on another network fails within that, not the system's minute or more): call it off
    /// the main thread. A failure names the address and the reason (`connection refused`: nothing
    /// listens there; no answer within the timeout, or no route: the address is not reachable from
    /// the device, or, on Apple platforms, the app is not allowed on the local network).
    public static func connect(host: String, port: UInt16, token: String, recorder: SessionRecorder, timeout: Double = 10) throws -> TraceStream {
        let endpoint = endpoint(host: host, port: port, token: token, recorder: recorder, timeout: timeout)
        let fd: Int32
        do { fd = try endpoint.connect() } catch { throw Failure(error, timeout: timeout) }
        let stream = TraceStream(descriptor: fd, endpoint: endpoint, onFailure: { _ in })
        stream.send(stream.endpoint.hello)
        return stream.serving(recorder)
    }

    /// Starts the stream without waiting for the harness: it connects on a thread of its own, at once
    /// and then after 1, 2, 4 ... up to 10 seconds until the harness answers (an app launched before
    /// `device-pass --listen` started, or while the pass was stopped, connects once it listens),
    /// and again whenever a connection is lost, as ``connect(host:port:token:recorder:timeout:)``'s
    /// stream does. `onFailure` hears why an attempt failed (the address, the reason and what to
    /// check) or why the harness refused the stream (another token, another trace), each reason
    /// once until a connection lasts: log it, as the app's debug build would show
    /// ``connect(host:port:token:recorder:timeout:)``'s error. It is called on the stream's own
    /// thread, which waits for it: log and return.
    public static func start(
        host: String, port: UInt16, token: String, recorder: SessionRecorder, timeout: Double = 10,
        onFailure: @escaping @Sendable (Failure) -> Void = { _ in }
    ) -> TraceStream {
        let endpoint = endpoint(host: host, port: port, token: token, recorder: recorder, timeout: timeout)
        return TraceStream(descriptor: -1, endpoint: endpoint, onFailure: onFailure).serving(recorder)
    }

    /// Sends `recorder`'s lines as they are written, and serves the harness on the stream's own thread.
    private func serving(_ recorder: SessionRecorder) -> TraceStream {
        recorder.attach { [weak self] line in self?.send(line) }
        let reader = Thread { [self] in serve(recorder: recorder) }
        reader.name = "SingleLoginRecorder.TraceStream"
        reader.start()
        return self
    }

    /// Ends the stream: its connection is closed and not made again, and no line is sent any more
    /// (the pass is over, or the app no longer takes part in it).
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        closed = true
        // Ends the reader's `read`; the reader closes the descriptor (-1 once it has).
        if descriptor >= 0 { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    /// Whether ``stop()`` was called.
    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Answers the harness's requests, and connects again whenever the connection is lost (on the
    /// stream's own thread, for as long as the app runs and the stream is not stopped).
    private func serve(recorder: SessionRecorder) {
        var wait = 1.0
        lock.lock()
        let started = descriptor >= 0
        lock.unlock()
        if !started {
            while !isStopped, !reconnect(recorder: recorder) { Self.pause(&wait) }
            if isStopped { return }
            wait = 1
        }
        while true {
            lock.lock()
            let fd = descriptor
            lock.unlock()
            let began = Date()
            readRequests(from: fd, recorder: recorder)
            lock.lock()
            closed = true
            close(fd)
            descriptor = -1
            lock.unlock()
            // A connection that lasted is made again at once. One the harness ended at once (it refused
            // another token or another trace) backs off as a refused one does: 1, 2, 4 ... 10
            // seconds, never a loop.
            if Date().timeIntervalSince(began) >= Self.lastingConnection {
                wait = 1
                lock.lock()
                failuresTold = []
                lock.unlock()
            } else {
                Self.pause(&wait)
            }
            while !isStopped, !reconnect(recorder: recorder) { Self.pause(&wait) }
            if isStopped { return }
        }
    }

    /// Sleeps `wait` seconds, and doubles it for the next time, up to ``longestRetryWait``.
    private static func pause(_ wait: inout Double) {
        Thread.sleep(forTimeInterval: wait)
        wait = min(wait * 2, longestRetryWait)
    }

    /// Connects again and sends the hello and the whole trace, before any line written after it;
    /// whether it connected (or was stopped meanwhile, which ends the attempts too). A failure is
    /// told to `onFailure`, once per reason until a connection lasts.
    private func reconnect(recorder: SessionRecorder) -> Bool {
        let fd: Int32
        do { fd = try endpoint.connect() } catch {
            tell(Failure(error, timeout: endpoint.timeout))
            return false
        }
        // The recorder's lock, then the stream's: the order in which a line written reaches `send`.
        recorder.withLinesSoFar { lines in
            lock.lock()
            guard !stopped else {
                lock.unlock()
                close(fd)
                return
            }
            descriptor = fd
            closed = false
            lock.unlock()
            send(endpoint.hello)
            for line in lines { send(line) }
        }
        return true
    }

    /// Tells `onFailure` of `failure`, unless it told the same since a connection last lasted.
    private func tell(_ failure: Failure) {
        lock.lock()
        let first = !stopped && failuresTold.insert(failure.description).inserted
        lock.unlock()
        if first { onFailure(failure) }
    }

    /// What to check after a connection that was `refused`, `timedOut` (after `timeout` seconds) or
    /// `unreachable`. Where the system keeps apps off the local network until the person allows it
    /// (iOS 14 and later, macOS 15 and later: `asksForLocalNetwork`), a connection it holds back
    /// fails as an unreachable or silent address does, so the hint names that too.
    package static func connectionHint(
        refused: Bool, timedOut: Bool, unreachable: Bool, timeout: Double, asksForLocalNetwork: Bool = platformAsksForLocalNetwork
    ) -> String {
        if refused { return "; is `sl-conformance device-pass --listen` running, and this its port?" }
        guard timedOut || unreachable else { return "" }
        let waited = timedOut ? " (\(seconds(timeout)) s)" : ""
        let localNetwork =
            asksForLocalNetwork
            ? " Is the app allowed on the local network? Settings › Privacy & Security › Local Network; give the debug build an"
                + " NSLocalNetworkUsageDescription so that the system asks." : ""
        return "\(waited); is the device on the harness's network, and this the address `device-pass --listen` printed?\(localNetwork)"
    }

    /// Whether this platform keeps an app off the local network until the person allows it.
    package static var platformAsksForLocalNetwork: Bool {
        #if canImport(Darwin)
        true
        #else
        false
        #endif
    }

    /// `10`, `2.5`: a timeout as the failure names it.
    private static func seconds(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// Sends one line; after the harness went away, nothing.
    func send(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { buffer in ClientSocket.sendNoSignal(descriptor, buffer.baseAddress!, buffer.count) }
            guard count > 0 else {
                closed = true
                return
            }
            sent += count
        }
    }

    /// Reads the harness's requests on `descriptor` until the connection ends (on the stream's own thread).
    private func readRequests(from descriptor: Int32, recorder: SessionRecorder) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(pending[..<end])
                pending.removeSubrange(...end)
                guard let request = try? JSONSerialization.jsonObject(with: line) as? [String: String] else { continue }
                // The harness says why it refuses the stream before it closes it.
                if let reason = request["refused"] { tell(Failure(description: "the harness refused this stream: \(reason)")) }
                guard let label = request["checkpoint"] else { continue }
                // The reader must keep reading while the checkpoint observes the app (on the main
                // actor, for the accessibility walk): the checkpoint runs as a task of its own, and its
                // line reaches the harness through the sink.
                Task { await recorder.checkpoint(label: label) }
            }
        }
    }
}
