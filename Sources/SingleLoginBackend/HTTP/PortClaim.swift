import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A claim on a loopback port among the harness processes of this machine: an exclusive `flock`
/// on a file named after the port, in a directory of the temporary folder, held until
/// ``release()`` or the end of the process (the system drops the lock then).
///
/// A port that was free a moment ago is free for everyone: two harness processes run at once (CI
/// jobs that run several backend profiles side by side) can each pick it for a backend, and the
/// harness whose backend lost the bind then talks to the other one's, which answers `/health`.
/// With the claim, only one of them hands the port out.
final class PortClaim: Sendable {
    /// The port claimed.
    let port: UInt16
    private let descriptor: Mutex<Int32>

    private init(port: UInt16, descriptor: Int32) {
        self.port = port
        self.descriptor = Mutex(descriptor)
    }

    deinit { release() }

    /// The folder of the claim files: one for every user of the machine (sticky, as /tmp is).
    static let directory: String = {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("sl-conformance-ports")
        if mkdir(path, 0o1777) == 0 { chmod(path, 0o1777) }
        return path
    }()

    /// Claims `port`; nil when another process (or another claim of this one) holds it. Where
    /// no claim file can be made (a read-only temporary folder), the port is handed out unclaimed.
    static func take(_ port: UInt16) -> PortClaim? {
        let path = (directory as NSString).appendingPathComponent("\(port).lock")
        let fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return errno == EACCES ? nil : PortClaim(port: port, descriptor: -1) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return PortClaim(port: port, descriptor: fd)
    }

    /// Gives the port back to the other harness processes; once.
    func release() {
        descriptor.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
    }
}
