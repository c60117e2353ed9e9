import Foundation
import Synchronization
import SingleLoginTransport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (a port of the system's choosing) for the test tenant.
///
/// Bounded on purpose: at most ``Limits/connections`` connections at once (more are answered
/// 503 and closed), heads of at most ``Limits/headBytes``, bodies of at most ``Limits/bodyBytes``,
/// and ``Limits/readTimeout`` to send a request. One request per connection (`Connection: close`).
/// Each connection is served on a thread of its own, never on Swift's cooperative pool.
/// ``stop()`` closes the listener and waits for the connections in flight.
public final class LoopbackHTTPServer: Sendable {
    /// The bounds the server enforces.
    public struct Limits: Sendable {
        /// Connections served at once.
        public var connections = 32
        /// Bytes of request line and header fields.
        public var headBytes = 16 << 10
        /// Bytes of request body.
        public var bodyBytes = 64 << 10
        /// Time a client has to send its request.
        public var readTimeout: Duration = .seconds(5)

        /// The defaults.
        public init() {}
    }

    /// The port it listens on.
    public let port: UInt16
    private let listener: Int32
    private let limits: Limits
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private struct State {
        var stopped = false
        var active = 0
        var served = 0
        var refused = 0
    }
    private let state = Mutex(State())
    private let wake: (read: Int32, write: Int32)

    /// Starts listening and serving `handler`'s answers.
    public init(limits: Limits = Limits(), handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        (listener, port) = try Socket.listen()
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            close(listener)
            throw SocketError("pipe() failed: \(String(cString: strerror(errno)))")
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        wake = (fds[0], fds[1])
        self.limits = limits
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "tenant-accept"
        thread.start()
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Requests answered so far, and connections refused for being over the bound.
    public var counts: (served: Int, refused: Int) { state.withLock { ($0.served, $0.refused) } }

    /// Stops accepting, then waits (at most two seconds) for the connections in flight to end.
    public func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
        let deadline = ContinuousClock.now + .seconds(2)
        while state.withLock({ $0.active > 0 }), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    private func acceptLoop() {
        defer { close(listener); close(wake.read); close(wake.write) }
        while true {
            var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, 1000)
            if ready < 0, errno != EINTR { return }
            if state.withLock({ $0.stopped }) || descriptors[1].revents != 0 { return }
            guard descriptors[0].revents & Int16(POLLIN) != 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let admitted = state.withLock { state -> Bool in
                guard state.active < limits.connections else { state.refused += 1; return false }
                state.active += 1
                return true
            }
            guard admitted else {
                POSIXSocket.setNonBlocking(client)
                _ = Socket.sendAll(client, Self.serialize(.text("too many connections\n", status: 503)), until: .now + .milliseconds(100))
                close(client)
                continue
            }
            let thread = Thread { [self] in
                serve(client)
                close(client)
                state.withLock {
                    $0.active -= 1; $0.served += 1
                }
            }
            thread.name = "tenant-connection"
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        POSIXSocket.setNonBlocking(fd)
        let deadline = ContinuousClock.now + limits.readTimeout
        let response: HTTPResponse
        switch readRequest(fd, until: deadline) {
        case .request(let request): response = handler(request)
        case .refusal(let refusal): response = refusal
        }
        _ = Socket.sendAll(fd, Self.serialize(response), until: .now + .seconds(5))
    }

    private enum ReadOutcome { case request(HTTPRequest), refusal(HTTPResponse) }

    /// Reads one request within the limits, or the error response to send instead.
    private func readRequest(_ fd: Int32, until deadline: ContinuousClock.Instant) -> ReadOutcome {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var head: HTTPHead?
        var bodyLength = 0
        while true {
            if head == nil {
                do {
                    head = try HTTPHead.parse(bytes)
                } catch {
                    return .refusal(.text("bad request: \(error)\n", status: 400))
                }
                if let head {
                    guard head.byteCount <= limits.headBytes else { return .refusal(.text("head over \(limits.headBytes) bytes\n", status: 431)) }
                    guard head.startLine.count == 3 else { return .refusal(.text("bad request line\n", status: 400)) }
                    if head.header("Transfer-Encoding") != nil { return .refusal(.text("chunked bodies are not accepted\n", status: 400)) }
                    let declared = head.header("Content-Length").map { Int($0) } ?? 0
                    guard let declared, declared >= 0 else { return .refusal(.text("bad Content-Length\n", status: 400)) }
                    guard declared <= limits.bodyBytes else { return .refusal(.text("body over \(limits.bodyBytes) bytes\n", status: 413)) }
                    bodyLength = declared
                } else if bytes.count > limits.headBytes {
                    return .refusal(.text("head over \(limits.headBytes) bytes\n", status: 431))
                }
            }
            if let head, bytes.count >= head.byteCount + bodyLength {
                return .request(
                    HTTPRequest(
                        method: head.startLine[0], target: head.startLine[1], headers: head.headers,
                        body: Array(bytes[head.byteCount..<(head.byteCount + bodyLength)])))
            }
            guard Socket.wait(fd, for: Int16(POLLIN), until: deadline) != 0 else { return .refusal(.text("request not received in time\n", status: 408)) }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return .refusal(.text("connection closed mid-request\n", status: 400)) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The response's bytes, with Content-Length and `Connection: close`.
    static func serialize(_ response: HTTPResponse) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(response.reason)\r\n"
        for header in response.headers { head += "\(header.name): \(header.value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + response.body
    }
}
