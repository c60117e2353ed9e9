import CSingleLoginSystem
import Testing

/// macOS's `proc_listpgrppids` is called only on macOS; what its return values mean is a pure
/// function, held here on every platform.
@Suite("How many pids proc_listpgrppids listed")
struct ListedPidCountTests {
    @Test(
        "its return is already a count of pids, capped at the buffer",
        arguments: [(1, 1), (2, 2), (3, 3), (4, 4), (4_096, 4_096), (5_000, 4_096)])
    func countOfPids(returned: Int32, expected: Int32) {
        // A group of 1 to 3 members must not read as empty (a count divided by sizeof(int) again would).
        #expect(sl_listed_pid_count(returned, 0, 4_096) == expected)
    }

    @Test("0 with errno clear is a group with no member left")
    func emptyGroup() {
        #expect(sl_listed_pid_count(0, 0, 4_096) == 0)
    }

    @Test("0 with errno set, or a negative return, is a failure, never an empty group")
    func failures() {
        #expect(sl_listed_pid_count(0, 1, 4_096) == -1)  // EPERM
        #expect(sl_listed_pid_count(-1, 3, 4_096) == -1)  // ESRCH
        #expect(sl_listed_pid_count(-1, 0, 4_096) == -1)
    }
}
