import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Unix socket file, for tests of paths that must refuse one.
package enum UnixSocketFile {
    /// Why a socket file could not be made.
    package struct Failure: Error, CustomStringConvertible {
        /// What failed, in the system's words.
        package var description: String
    }

    /// Binds a Unix socket at `url` and closes it: the file stays, and nothing listens on it.
    ///
    /// `url` must fit in `sun_path` (108 bytes on Linux, 104 on Darwin, whose temporary folder is
    /// long): a longer path would be cut, and the socket made under another name.
    package static func make(at url: URL) throws {
        let descriptor = socket(AF_UNIX, StreamSocket.type, 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(url.path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw Failure(description: "\(url.path) is too long for a socket's address")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw Failure(description: "bind \(url.path): \(String(cString: strerror(errno)))") }
    }
}
