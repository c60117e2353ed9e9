import CSingleLoginSystem
import Foundation
import SingleLoginAdapter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket that adapters connect to (`sl-conformance run --listen HOST:PORT`).
///
/// It binds numeric addresses only (`127.0.0.1`, `::1`, `0.0.0.0`, ...; `localhost` means
/// `127.0.0.1`). Port 0 lets the system choose; ``port`` says which it chose. Several
/// providers (one per `--jobs`) may accept from one listener at once; each connection goes to
/// exactly one of them. Once the last of them has closed (``release()``), the socket is
/// closed: an adapter that connects again after the run is over is refused at once.
public final class TCPListener: Sendable {
    /// The address it is bound to, as given (`127.0.0.1`, `::1`).
    public let host: String
    /// The port it listens on (the chosen one when 0 was asked for).
    public let port: UInt16
    /// Whether the address is a loopback address (127.0.0.0/8 or ::1).
    public let isLoopback: Bool
    private let descriptor: Int32
    /// How many providers accept from it, and whether the socket has been closed.
    private let users = Locked((count: 0, closed: false))

    /// Binds and listens on `host:port`.
    public init(host: String, port: UInt16) throws(TCPListenerError) {
        let host = host == "localhost" ? "127.0.0.1" : host
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        let loopback = Self.isLoopback(host)
        if var address = Self.ipv4(host) {
            address.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in.self) }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            family = AF_INET
        } else if var address = Self.ipv6(host) {
            address.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in6.self) }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            family = AF_INET6
        } else {
            throw .badAddress("'\(host)' is not a numeric IPv4 or IPv6 address (or localhost)")
        }
        guard let fd = POSIXSocket.make(family: family) else { throw .cannotListen("socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            POSIXSocket.close(fd)
            throw .cannotListen("cannot listen on \(Self.format(host, port)): \(reason)")
        }
        POSIXSocket.setNonBlocking(fd)
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        self.port = Self.port(of: actual) ?? port
        self.host = host
        isLoopback = loopback
        descriptor = fd
    }

    deinit { if !users.withLock({ $0.closed }) { POSIXSocket.close(descriptor) } }

    /// Someone (a provider) will accept from this listener until it calls ``release()``.
    public func retain() {
        users.withLock { $0.count += 1 }
    }

    /// That user is done; when it was the last, the socket closes and new connections are refused.
    public func release() {
        let last = users.withLock { users -> Bool in
            users.count -= 1
            guard users.count <= 0, !users.closed else { return false }
            users.closed = true
            return true
        }
        guard last else { return }
        POSIXSocket.close(descriptor)
        TransportTrace.note("listener.closed", address)
    }

    /// Whether the socket has been closed (every user released it).
    public var isClosed: Bool { users.withLock { $0.closed } }

    /// `127.0.0.1:53122` or `[::1]:53122`.
    public var address: String { Self.format(host, port) }

    /// How an accept ended.
    public enum Accepted {
        /// A connection, as a channel.
        case connection(SocketChannel)
        /// Nobody connected before the deadline.
        case timedOut
        /// The waker was woken (cancellation).
        case interrupted
    }

    /// Waits for the next connection until `deadline`; blocks the calling thread (a `SessionExecutor`'s).
    public func accept(before deadline: ContinuousClock.Instant, waker: ChannelWaker) -> sending Accepted {
        TransportTrace.note("accept.wait", "\(address) for \((deadline - ContinuousClock.now).shortText)")
        guard !isClosed else { return .timedOut }
        while true {
            let now = ContinuousClock.now
            guard now < deadline else { TransportTrace.note("accept.timedOut", address); return .timedOut }
            var descriptors = (
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: waker.descriptor, events: Int16(POLLIN), revents: 0)
            )
            let ready = withUnsafeMutablePointer(to: &descriptors) { pointer in
                pointer.withMemoryRebound(to: pollfd.self, capacity: 2) { poll($0, 2, ProcessChannel.milliseconds(deadline - now)) }
            }
            if ready < 0, errno != EINTR { return .timedOut }
            if descriptors.1.revents != 0, waker.consume() { TransportTrace.note("accept.interrupted", address); return .interrupted }
            guard descriptors.0.revents != 0 else { continue }
            var peer = sockaddr_storage()
            var peerLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &peer) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sl_accept_cloexec(descriptor, $0, &peerLength) }
            }
            // Another job took it, or it was reset before we got to it: keep waiting.
            guard fd >= 0 else { continue }
            TransportTrace.note("accept.connected", "fd=\(fd) from \(Self.describe(peer))")
            return .connection(SocketChannel(descriptor: fd, peerAddress: Self.describe(peer)))
        }
    }

    /// Whether `host` is a loopback address (127.0.0.0/8, ::1 or localhost), decided before anything is bound.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        if let address = ipv4(host) { return (UInt32(bigEndian: address.sin_addr.s_addr) >> 24) == 127 }
        if let address = ipv6(host) { return withUnsafeBytes(of: address.sin6_addr) { $0.dropLast().allSatisfy { $0 == 0 } && $0.last == 1 } }
        return false
    }

    /// Parses `HOST:PORT` (`127.0.0.1:0`, `[::1]:7000`, `localhost:7000`).
    public static func parse(_ text: String) -> (host: String, port: UInt16)? {
        var host: Substring
        var portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let port = UInt16(portText) else { return nil }
        return (String(host), port)
    }

    static func format(_ host: String, _ port: UInt16) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    private static func ipv4(_ host: String) -> sockaddr_in? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        return address
    }

    private static func ipv6(_ host: String) -> sockaddr_in6? {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        #if canImport(Darwin)
        address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
        guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return nil }
        return address
    }

    private static func port(of storage: sockaddr_storage) -> UInt16? {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET: return withUnsafeBytes(of: &storage) { UInt16(bigEndian: $0.load(as: sockaddr_in.self).sin_port) }
        case AF_INET6: return withUnsafeBytes(of: &storage) { UInt16(bigEndian: $0.load(as: sockaddr_in6.self).sin6_port) }
        default: return nil
        }
    }

    private static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var text = [CChar](repeating: 0, count: 64)
        switch Int32(storage.ss_family) {
        case AF_INET:
            var address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in.self) }
            inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count))
            return "\(Self.text(text)):\(UInt16(bigEndian: address.sin_port))"
        case AF_INET6:
            var address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in6.self) }
            inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count))
            return "[\(Self.text(text))]:\(UInt16(bigEndian: address.sin6_port))"
        default: return "an unknown address"
        }
    }

    /// A C string in a buffer, up to its terminating NUL.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
