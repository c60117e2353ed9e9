import CSingleLoginSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that ends a channel's `poll` from another thread: a cancellation handler calls
/// ``wake()``; the channel polls ``descriptor`` along with its own and returns `interrupted`.
public final class ChannelWaker: Sendable {
    /// The read end, polled by the channel.
    public let descriptor: Int32
    private let writeEnd: Int32

    /// Creates a waker (a non-blocking, close-on-exec pipe).
    public init() {
        var fds: [Int32] = [-1, -1]
        if sl_pipe_cloexec(&fds) == 0 {
            for fd in fds { POSIXSocket.setNonBlocking(fd) }
        }
        descriptor = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// Wakes the channel's current or next wait (safe from any thread, any number of times).
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Whether a wake is pending; clears it (the channel calls this when `poll` says so).
    func consume() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 16)
        var woken = false
        while read(descriptor, &bytes, bytes.count) > 0 { woken = true }
        return woken
    }
}
