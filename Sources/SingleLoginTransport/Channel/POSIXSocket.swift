import CSingleLoginSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few socket calls every part of the harness that speaks TCP makes the same way: the adapter's
/// listener and connections here, and the backend profile's loopback HTTP client and server.
package enum POSIXSocket {
    /// A new TCP socket of `family`, close-on-exec from its first instant (a process started in
    /// between must not inherit it) and never raising SIGPIPE; nil with errno set when it fails.
    package static func make(family: Int32) -> Int32? {
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let fd = sl_socket_cloexec(family, socketType, 0)
        guard fd >= 0 else { return nil }
        sl_socket_nosigpipe(fd)
        return fd
    }

    /// Sets O_NONBLOCK on `fd`.
    package static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// One `send` that never raises SIGPIPE: the count written, or -1 with errno set.
    package static func send(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        sl_send_nosignal(fd, bytes, UInt(count))
    }

    /// Closes `fd`.
    package static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }
}
