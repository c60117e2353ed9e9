import CSingleLoginSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks at process groups, to prove that no adapter process outlives the harness.
public enum ProcessGroup {
    /// Ids of the living processes in group `pgid`, sorted; zombies (ended, not yet reaped) do not count.
    ///
    /// Linux reads `/proc`, macOS asks libproc. Where neither works, it can only tell whether
    /// the group still has a member (`kill(-pgid, 0)`) and answers `[pgid]` when it does.
    public static func livingMembers(of pgid: pid_t) -> [pid_t] {
        var pids = [Int32](repeating: 0, count: 256)
        let count = sl_process_group_members(pgid, &pids, Int32(pids.count))
        if count < 0 { return kill(-pgid, 0) == 0 ? [pgid] : [] }
        if Int(count) > pids.count {
            pids = [Int32](repeating: 0, count: Int(count) + 64)
            let again = sl_process_group_members(pgid, &pids, Int32(pids.count))
            return Array(pids.prefix(Int(max(0, min(again, Int32(pids.count)))))).sorted()
        }
        return Array(pids.prefix(Int(count))).sorted()
    }
}
