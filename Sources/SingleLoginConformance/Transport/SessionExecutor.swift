import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for one job of a run: the adapter session's actor executes on it, and
/// the runner's task for that job prefers it, so blocking I/O (`poll`, `read`, `write` with
/// deadlines) never holds a thread of Swift's cooperative pool, and a round trip to the adapter
/// needs no hand-off between threads.
///
/// Jobs run one at a time in the order they were queued. The thread starts when the first job
/// arrives and ends after two idle seconds (it starts again when needed), so an executor
/// nobody uses costs nothing and none outlives its last use for long.
public final class SessionExecutor: SerialExecutor, TaskExecutor {
    private let queue: JobQueue

    /// Creates an executor whose thread is named `name` (as debuggers and `ps -L` show it).
    public init(name: String = "sl-session") {
        queue = JobQueue(name: name)
    }

    /// Queues a job; its thread runs it after the ones queued before.
    public func enqueue(_ job: consuming ExecutorJob) {
        queue.push(UnownedJob(job), executor: self)
    }

    /// This executor, as actors and the runtime refer to it.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Whether the calling thread is this executor's (for checks that blocking happens here).
    public var isCurrentThread: Bool { queue.isCurrentThread }
}

/// The jobs waiting for a ``SessionExecutor``'s thread, and the thread's loop.
///
/// `@unchecked Sendable`: every field is guarded by `condition`.
private final class JobQueue: @unchecked Sendable {
    private let name: String
    /// Guards everything below and wakes the thread.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var start = 0
    private var running = false
    private var waiting = false
    private var threadID: pthread_t?

    init(name: String) { self.name = name }

    var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let threadID else { return false }
        return pthread_equal(threadID, pthread_self()) != 0
    }

    func push(_ job: UnownedJob, executor: SessionExecutor) {
        condition.lock()
        jobs.append(job)
        if !running {
            running = true
            condition.unlock()
            // The thread keeps the executor alive while it runs; it lets go when it ends.
            let thread = Thread { [self] in loop(executor) }
            thread.name = name
            thread.start()
            return
        }
        if waiting { condition.signal() }
        condition.unlock()
    }

    private func loop(_ executor: SessionExecutor) {
        condition.lock()
        threadID = pthread_self()
        let serial = executor.asUnownedSerialExecutor()
        let task = executor.asUnownedTaskExecutor()
        while true {
            if start < jobs.count {
                let job = jobs[start]
                start += 1
                if start == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    start = 0
                }
                condition.unlock()
                job.runSynchronously(isolatedTo: serial, taskExecutor: task)
                condition.lock()
                continue
            }
            waiting = true
            let woken = condition.wait(until: Date(timeIntervalSinceNow: 2))
            waiting = false
            if !woken, start >= jobs.count {
                running = false
                threadID = nil
                condition.unlock()
                return
            }
        }
    }
}
