import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks at process groups, to prove that no adapter process outlives the harness.
public enum ProcessGroup {
    /// Ids of the living processes in group `pgid`; zombies (ended, not yet reaped) do not count.
    ///
    /// On Linux this reads `/proc`; elsewhere it can only tell whether the group still has a
    /// member (`kill(-pgid, 0)`), and answers `[pgid]` when it does.
    public static func livingMembers(of pgid: pid_t) -> [pid_t] {
        #if os(Linux)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8) else { return nil }
            // Fields after the command (which may hold spaces and parentheses): state ppid pgrp ...
            guard let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", fields[0] != "X", pid_t(fields[2]) == pgid else { return nil }
            return pid
        }.sorted()
        #else
        return kill(-pgid, 0) == 0 ? [pgid] : []
        #endif
    }
}
