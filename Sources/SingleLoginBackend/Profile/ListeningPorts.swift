import Foundation
import SingleLoginEvents
import SingleLoginTransport

/// Which TCP ports a process group listens on, so that a backend that listens elsewhere than
/// `SL_BACKEND_PORT` is told where it does listen. Linux only (`/proc`); elsewhere: none known.
enum ListeningPorts {
    /// The listening ports of the living members of group `pgid`, sorted.
    static func of(processGroup pgid: pid_t) -> [UInt16] { of(processes: ProcessGroup.livingMembers(of: pgid)) }

    /// The listening ports of the sockets that processes `pids` hold, sorted.
    static func of(processes pids: [pid_t]) -> [UInt16] {
        #if os(Linux)
        var inodes: Set<String> = []
        for pid in pids {
            let directory = "/proc/\(pid)/fd"
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + entry),
                    target.hasPrefix("socket:[")
                else { continue }
                inodes.insert(String(target.dropFirst(8).dropLast()))
            }
        }
        guard !inodes.isEmpty else { return [] }
        var ports: Set<UInt16> = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: the kernel hands these tables out a page (about 27 sockets) per read,
            // and `String(contentsOfFile:)` stops after the first, which on a busy machine missed the
            // backend's socket.
            guard let handle = FileHandle(forReadingAtPath: table), let data = try? handle.readToEnd() else { continue }
            try? handle.close()
            let text = String(decoding: data, as: UTF8.self)
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                // sl local_address rem_address st ... inode: state 0A is LISTEN.
                guard fields.count > 9, fields[3] == "0A", inodes.contains(String(fields[9])),
                    let portText = fields[1].split(separator: ":").last, let port = UInt16(portText, radix: 16)
                else { continue }
                ports.insert(port)
            }
        }
        return ports.sorted()
        #else
        return []
        #endif
    }
}
