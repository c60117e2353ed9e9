import Foundation
import SingleLoginAdapter

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// After an in-process step timed out: whether Swift's cooperative pool still runs work.
///
/// An app that blocks the pool's threads for good (a semaphore or lock waited on in async code, in
/// a task its adapter started) leaves the runner able to report the hang, on threads of its own,
/// but nothing else in the process can go on: not the test's own task, not the output, not the
/// process's exit. The harness cannot end such an app in process. So it says so on standard error
/// once the pool has run nothing for ``warnAfter``, and, when it still has not after ``endAfter``,
/// ends the process (status 70) with that message, rather than leave CI to wait for its own
/// timeout with nothing printed. A healthy process runs a trivial task within milliseconds; one
/// whose pool is busy computing (a suite's heavy tests) uses the CPU meanwhile, and is left alone:
/// a pool blocked for good waits, and the process then uses less than a quarter of one core.
enum PoolWatch {
    /// How long a probe task may wait for a thread of the pool before the warning.
    static let warnAfter: Duration = .seconds(2)
    /// How long before the process is ended.
    static let endAfter: Duration = .seconds(60)

    private static let probing = Locked(false)

    /// Starts a probe task on the pool (unless one is under way), and warns, then ends the process,
    /// if it does not run.
    static func check() {
        let already: Bool = probing.withLock { probing in
            defer { probing = true }
            return probing
        }
        guard !already else { return }
        let ran = Locked(false)
        Task.detached { ran.withLock { $0 = true } }
        let started = (time: ContinuousClock.now, cpu: processCPU())
        _ = DeadlineWatch.shared.schedule(at: started.time + warnAfter) {
            guard Self.isBlocked(ran, since: started) else { return }
            Self.write(message(waited: warnAfter, ending: false))
            _ = DeadlineWatch.shared.schedule(at: started.time + endAfter) {
                guard Self.isBlocked(ran, since: started) else { return }
                Self.write(message(waited: endAfter, ending: true))
                exit(70)
            }
        }
    }

    /// Whether the probe has still not run, while the process used less than a quarter of one
    /// core since `since`; once it has run, or the pool is busy computing, a later timeout may
    /// probe again.
    private static func isBlocked(_ ran: Locked<Bool>, since: (time: ContinuousClock.Instant, cpu: Duration)) -> Bool {
        let idle = (processCPU() - since.cpu) * 4 < ContinuousClock.now - since.time
        guard ran.withLock({ $0 }) || !idle else { return true }
        probing.withLock { $0 = false }
        return false
    }

    /// The CPU time the whole process has used.
    private static func processCPU() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    private static func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

    /// The warning (or the last words before the process ends), with the fix.
    static func message(waited: Duration, ending: Bool) -> String {
        """
        sl-conformance: an in-process step timed out, and Swift's cooperative pool has then run nothing \
        for \(waited.shortText): the app under test blocks the pool's threads (a semaphore or lock \
        waited on in async code, or in a task its adapter started). In process the harness cannot end \
        such an app\(ending ? ", so it ends this test process (exit status 70)" : ", and this test process may not finish"). \
        Run the same adapter over stdio (sl-conformance run --adapter <its executable>), where a hung \
        app's process is ended and fails app.hung; docs/in-process.md, "When handle does not return", says more.

        """
    }
}
