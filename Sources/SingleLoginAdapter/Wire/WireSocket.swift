import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The adapter's side of a TCP connection to the harness: connecting, and writing without SIGPIPE.
enum WireSocket {
    /// Why a connection could not be made.
    struct ConnectError: Error, CustomStringConvertible {
        /// A sentence for people.
        var description: String
        /// Whether the harness's address answered that nobody listens there (ECONNREFUSED).
        var refused = false
    }

    /// Connects to `host:port` within `timeout`; blocks the calling thread (name lookup and
    /// connect block), so call it from a thread of your own, never from the cooperative pool.
    static func connect(host: String, port: UInt16, timeout: Duration) throws(ConnectError) -> Int32 {
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
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else { lastError = String(cString: strerror(errno)); continue }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var noDelay: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            if Glibc_or_Darwin_connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
                if poll(&descriptor, 1, max(1, milliseconds)) == 1 {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                    if error == 0 { return fd }
                    lastError = String(cString: strerror(error))
                    refused = error == ECONNREFUSED
                } else {
                    lastError = "no answer within the timeout"
                }
            } else {
                lastError = String(cString: strerror(errno))
                refused = errno == ECONNREFUSED
            }
            close(fd)
        }
        throw ConnectError(description: "cannot connect to \(host):\(port): \(lastError)", refused: refused)
    }

    /// `send` that returns EPIPE instead of raising SIGPIPE when the harness is gone.
    static func sendNoSignal(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        return send(fd, bytes, count, 0)
        #endif
    }
}

@inline(__always)
private func Glibc_or_Darwin_connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    return Glibc.connect(fd, address, length)
    #else
    return Darwin.connect(fd, address, length)
    #endif
}
