#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client's side of a TCP connection to the harness, for the adapter kit's `TCPAdapterClient`
/// and the device-pass recorder's `TraceStream` alike: connecting within a timeout, and writing
/// without SIGPIPE. At MSAL's floor (iOS 16, macOS 11), so the timeout is seconds, not a `Duration`.
package enum ClientSocket {
    /// Why a connection could not be made.
    package struct ConnectError: Error, CustomStringConvertible, Sendable {
        /// A sentence for people: the address and the last reason.
        package var description: String
        /// Whether the harness's address answered that nobody listens there (ECONNREFUSED).
        package var refused = false
        /// Whether no address answered within the timeout (a wrong or unreachable address, a firewall).
        package var timedOut = false
        /// Whether the system had no route to the address (EHOSTUNREACH, ENETUNREACH): another
        /// network, or, on Apple platforms, an app not allowed on the local network.
        package var unreachable = false
    }

    /// What the descriptor is left as once connected.
    package enum Mode: Sendable {
        /// Reads and writes block: a thread of its own reads, and a send waits for room.
        case blocking
        /// O_NONBLOCK stays set: an event loop polls it.
        case nonBlocking
    }

    /// Connects to `host:port`, trying each address the name resolves to, each within `timeout`
    /// seconds; the descriptor is close-on-exec, sends without delay (TCP_NODELAY) and, on Darwin,
    /// never raises SIGPIPE. Blocks the calling thread (name lookup and connect block), so call it
    /// from a thread of its own, never from the cooperative pool.
    package static func connect(host: String, port: UInt16, timeout: Double, mode: Mode) throws(ConnectError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw ConnectError(description: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address"
        var refused = false
        var timedOut = false
        var unreachable = false
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = String(cString: strerror(errno))
                continue
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var noDelay: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            if systemConnect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&descriptor, 1, milliseconds(timeout)) == 1 {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                    if error == 0 {
                        if mode == .blocking { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
                        return fd
                    }
                    lastError = String(cString: strerror(error))
                    refused = error == ECONNREFUSED
                    unreachable = error == EHOSTUNREACH || error == ENETUNREACH
                    timedOut = false
                } else {
                    lastError = "no answer within the timeout"
                    refused = false
                    unreachable = false
                    timedOut = true
                }
            } else {
                lastError = String(cString: strerror(errno))
                refused = errno == ECONNREFUSED
                unreachable = errno == EHOSTUNREACH || errno == ENETUNREACH
                timedOut = false
            }
            close(fd)
        }
        throw ConnectError(
            description: "cannot connect to \(host):\(port): \(lastError)", refused: refused, timedOut: timedOut, unreachable: unreachable)
    }

    /// Has the system probe the connection `fd` after `idle` seconds without traffic, every
    /// `interval` seconds, and end it after `count` probes go unanswered: a connection the network
    /// dropped without a word (a device that left the network) then ends within about a minute, as
    /// a closed one does, instead of never.
    package static func keepAlive(_ fd: Int32, idle: Int32 = 30, interval: Int32 = 10, count: Int32 = 3) {
        var on: Int32 = 1
        var idle = idle
        var interval = interval
        var count = count
        let size = socklen_t(MemoryLayout<Int32>.size)
        _ = setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, size)
        #if canImport(Darwin)
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_KEEPALIVE, &idle, size)
        #else
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_KEEPIDLE, &idle, size)
        #endif
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_KEEPINTVL, &interval, size)
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_KEEPCNT, &count, size)
    }

    /// `send` that returns -1 with EPIPE instead of raising SIGPIPE when the harness is gone.
    package static func sendNoSignal(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        return send(fd, bytes, count, 0)
        #endif
    }

    /// `seconds` as poll's milliseconds: at least 1 (poll's 0 would not wait at all), at most
    /// `Int32.max`, and 1 for a value that is not a number.
    static func milliseconds(_ seconds: Double) -> Int32 {
        let milliseconds = (seconds * 1000).rounded(.up)
        if milliseconds >= Double(Int32.max) { return .max }
        return milliseconds >= 1 ? Int32(milliseconds) : 1
    }
}

/// The system's `connect`, which `ClientSocket.connect` hides by its name.
@inline(__always)
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    return Glibc.connect(fd, address, length)
    #else
    return Darwin.connect(fd, address, length)
    #endif
}
