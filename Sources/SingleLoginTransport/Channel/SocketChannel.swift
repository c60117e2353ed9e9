import CSingleLoginSystem
import Foundation
import SingleLoginAdapter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection as a line channel: the same newline-delimited JSON as a process's pipes,
/// for an adapter that connects to the harness (``TCPListener``) instead of being started by it.
///
/// Like ``ProcessChannel`` it has no thread of its own: each wait is one `poll` of the socket
/// and the waker on the session's thread. The peer has no stderr: its logs stay on its side.
public final class SocketChannel: LineChannel {
    /// The connected socket (non-blocking, close-on-exec).
    public let descriptor: Int32
    /// Who connected, e.g. `127.0.0.1:53122`.
    public let peerAddress: String
    /// Wakes a wait from another thread.
    public let waker = ChannelWaker()
    private let lines: ChannelLines
    private var closed = false

    /// A channel over the connected socket `descriptor`, which it owns and closes.
    public init(descriptor: Int32, peerAddress: String, maximumLineLength: Int = 16 << 20) {
        self.descriptor = descriptor
        self.peerAddress = peerAddress
        lines = ChannelLines(maximumLineLength: maximumLineLength)
        sl_socket_nosigpipe(descriptor)
        var noDelay: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        POSIXSocket.setNonBlocking(descriptor)
    }

    deinit {
        if !closed { POSIXSocket.close(descriptor) }
    }

    public var outputName: String { "the connection" }
    public var hasBufferedLine: Bool { lines.hasCompleteLine }
    public var partialLine: [UInt8] { lines.partialLine }

    public func send(_ line: [UInt8], before deadline: ContinuousClock.Instant) -> ChannelSendOutcome {
        guard !closed else { return .closed }
        return ChannelLines.send(
            line,
            write: { bytes, count in
                let written = POSIXSocket.send(descriptor, bytes, count)
                TransportTrace.note("harness.write", "fd=\(descriptor) \(written) bytes")
                return written
            }
        ) {
            switch wait(events: POLLOUT, before: deadline) {
            case .ready: nil
            case .deadline: .timedOut
            case .woken: .interrupted
            }
        }
    }

    public func receive(before deadline: ContinuousClock.Instant) -> ChannelReceiveOutcome {
        while true {
            if let line = lines.next() { return line }
            guard lines.isOpen, !closed else { return .ended(heldOpen: false) }
            switch wait(events: POLLIN, before: deadline) {
            case .ready:
                lines.fill { buffer, capacity in
                    let count = recv(descriptor, buffer, capacity, 0)
                    TransportTrace.note("harness.read", "fd=\(descriptor) \(count) bytes")
                    return count
                }
            case .deadline: TransportTrace.note("harness.read.deadline", "fd=\(descriptor)"); return .timedOut
            case .woken: return .interrupted
            }
        }
    }

    public func endDescription() -> String { "closed the connection" }

    public func drainLog() -> StderrBuffer? { nil }

    public func close(grace: Duration) {
        guard !closed else { return }
        closed = true
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        POSIXSocket.close(descriptor)
    }

    private enum Readiness { case ready, deadline, woken }

    private func wait(events: Int32, before deadline: ContinuousClock.Instant) -> Readiness {
        while true {
            let now = ContinuousClock.now
            guard now < deadline else { return .deadline }
            var descriptors = (
                pollfd(fd: descriptor, events: Int16(events), revents: 0),
                pollfd(fd: waker.descriptor, events: Int16(POLLIN), revents: 0)
            )
            let ready = withUnsafeMutablePointer(to: &descriptors) { pointer in
                pointer.withMemoryRebound(to: pollfd.self, capacity: 2) { poll($0, 2, ProcessChannel.milliseconds(deadline - now)) }
            }
            if ready < 0 {
                if errno == EINTR { continue }
                return .deadline
            }
            if descriptors.1.revents != 0, waker.consume() { return .woken }
            if descriptors.0.revents != 0 { return .ready }
        }
    }
}
