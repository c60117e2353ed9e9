import Foundation
import Synchronization
import SingleLoginEvents
import SingleLoginTransport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin, blocking wrappers over POSIX TCP sockets on the IPv4 loopback address, and nothing else:
/// the harness never talks to any other address. Callers run them on threads of their own.
enum Socket {
    /// The loopback address 127.0.0.1 in network byte order.
    static let loopback: in_addr_t = in_addr_t(0x7f00_0001).bigEndian

    /// A socket address for 127.0.0.1:`port`.
    static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: loopback)
        return address
    }

    /// A new TCP socket, close-on-exec from its first instant (a backend started at the same
    /// moment must not inherit it) and never raising SIGPIPE.
    static func make() -> Int32? { POSIXSocket.make(family: AF_INET) }

    /// A socket listening on 127.0.0.1 at `port` (0: the system picks), and the port it got.
    static func listen(port: UInt16 = 0, backlog: Int32 = 64) throws -> (fd: Int32, port: UInt16) {
        guard let fd = make() else { throw SocketError("socket() failed: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc_or_Darwin_listen(fd, backlog) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SocketError("cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        return (fd, boundPort(fd))
    }

    /// The local port a socket is bound to.
    static func boundPort(_ fd: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// A port on 127.0.0.1 that was free a moment ago (bound, then released), for a backend
    /// process to listen on.
    ///
    /// It is taken from below the system's ephemeral range, so that no outgoing connection
    /// (the harness's own health polls, the backend's JWKS fetches) can be given it by the kernel
    /// between now and the backend's bind; never one handed out recently by this process, so
    /// that backend processes started at the same time never share one; and claimed
    /// (``PortClaim``), so that no other harness process hands it out until the claim is released.
    static func freePort() throws -> PortClaim {
        let upper = max(10_000, min(Int(ephemeralRangeStart) - 1, 30_000))
        for _ in 0..<256 {
            let candidate = UInt16(Int.random(in: 10_000...upper))
            let fresh = handedOut.withLock { ports in !ports.contains(candidate) }
            guard fresh, let claim = PortClaim.take(candidate) else { continue }
            guard let (fd, port) = try? listen(port: candidate, backlog: 1) else { continue }
            close(fd)
            handedOut.withLock { ports in
                ports.append(port)
                if ports.count > 256 { ports.removeFirst() }
            }
            return claim
        }
        throw SocketError("no free port on 127.0.0.1 between 10000 and \(upper)")
    }

    /// The first port of the system's ephemeral range (Linux: ip_local_port_range; else 49152, IANA's).
    static let ephemeralRangeStart: UInt16 = {
        #if os(Linux)
        if let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8),
            let first = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first, let port = UInt16(first)
        {
            return port
        }
        #endif
        return 49152
    }()

    /// Whether something listens on (or holds) 127.0.0.1:`port` now.
    static func isTaken(_ port: UInt16) -> Bool {
        guard let (fd, _) = try? listen(port: port, backlog: 1) else { return true }
        close(fd)
        return false
    }

    /// The ports ``freePort()`` handed out last, oldest first.
    private static let handedOut = Mutex<[UInt16]>([])

    /// Waits until `fd` is ready for `events` or `deadline` passes; returns the ready events (0 on timeout).
    static func wait(_ fd: Int32, for events: Int16, until deadline: ContinuousClock.Instant) -> Int16 {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return 0 }
            let milliseconds = Int32(min(Double(Int32.max), max(1, (remaining.inSeconds * 1000).rounded(.up))))
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let result = poll(&descriptor, 1, milliseconds)
            if result < 0, errno == EINTR { continue }
            if result <= 0 { return result == 0 ? 0 : Int16(POLLERR) }
            return descriptor.revents
        }
    }

    /// Connects to 127.0.0.1:`port` within the deadline; the socket is left non-blocking.
    static func connect(port: UInt16, until deadline: ContinuousClock.Instant) -> Result<Int32, SocketError> {
        guard let fd = make() else { return .failure(SocketError("socket() failed: \(String(cString: strerror(errno)))")) }
        POSIXSocket.setNonBlocking(fd)
        var address = loopbackAddress(port: port)
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc_or_Darwin_connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if status != 0 {
            guard errno == EINPROGRESS else {
                let reason = String(cString: strerror(errno))
                close(fd)
                return .failure(SocketError("connect to 127.0.0.1:\(port) failed: \(reason)"))
            }
            guard wait(fd, for: Int16(POLLOUT), until: deadline) != 0 else {
                close(fd)
                return .failure(SocketError("connect to 127.0.0.1:\(port) timed out"))
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else {
                close(fd)
                return .failure(SocketError("connect to 127.0.0.1:\(port) failed: \(String(cString: strerror(error)))"))
            }
        }
        return .success(fd)
    }

    /// Writes every byte of `bytes` before the deadline; false if the peer closed or time ran out.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> Bool {
        var offset = 0
        return bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = POSIXSocket.send(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 { offset += written; continue }
                if written < 0, errno == EINTR { continue }
                if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    guard wait(fd, for: Int16(POLLOUT), until: deadline) != 0 else { return false }
                    continue
                }
                return false
            }
            return true
        }
    }
}

@inline(__always)
private func Glibc_or_Darwin_listen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Glibc)
    return Glibc.listen(fd, backlog)
    #else
    return Darwin.listen(fd, backlog)
    #endif
}

@inline(__always)
private func Glibc_or_Darwin_connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    return Glibc.connect(fd, address, length)
    #else
    return Darwin.connect(fd, address, length)
    #endif
}
