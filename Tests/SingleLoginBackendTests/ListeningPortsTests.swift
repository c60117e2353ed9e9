import Foundation
import Testing
@testable import SingleLoginBackend

#if canImport(Glibc)
import Glibc
#endif

@Suite("The ports a backend listens on, read from the system")
struct ListeningPortsTests {
    /// Opens a socket listening on 127.0.0.1 on a port the system picks; returns the descriptor and the port.
    func listen() throws -> (fd: Int32, port: UInt16) {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && Glibc.listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        try #require(bound)
        return (fd, UInt16(bigEndian: address.sin_port))
        #else
        throw CancellationError()
        #endif
    }

    // The kernel lists a page of sockets per read; 300 of them is many pages, as on a busy CI
    // machine, where reading only the first page missed the backend's socket.
    @Test(
        "every listening socket of a process is found, however many sockets the system lists",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/net/tcp")))
    func manySockets() throws {
        var sockets: [(fd: Int32, port: UInt16)] = []
        defer { for socket in sockets { close(socket.fd) } }
        for _ in 0..<300 { sockets.append(try listen()) }
        let found = Set(ListeningPorts.of(processes: [getpid()]))
        let missing = sockets.map(\.port).filter { !found.contains($0) }
        #expect(missing.isEmpty, "\(missing.count) of 300 listening ports not found")
    }
}
