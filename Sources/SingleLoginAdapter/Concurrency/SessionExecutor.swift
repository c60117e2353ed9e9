/// A thread of its own for work that must never wait for Swift's cooperative pool: a job of the
/// harness's run (the adapter session's actor executes on it and the runner's task for that job
/// prefers it), or ``TCPAdapterClient`` between connections. Blocking I/O (`poll`, `read`,
/// `write`, `connect` with deadlines) then never holds a thread of the pool, work on the pool
/// never delays it, and a round trip to the adapter needs no hand-off between threads.
///
/// Jobs run one at a time in the order they were queued. The thread starts when the first job
/// arrives and ends after two idle seconds (it starts again when needed), so an executor
/// nobody uses costs nothing and none outlives its last use for long.
///
/// It is a task executor where the OS has them (macOS 15, iOS 18, Linux). On iOS 16 and 17 it is
/// an actor's serial executor only: a session's actor still runs on this thread, so blocking I/O
/// still never holds a thread of the pool, and a task that would prefer it runs on the pool between
/// its calls to the actor (`withPreferredExecutor(_:isolation:operation:)`).
public final class SessionExecutor: SerialExecutor {
    private let queue: JobQueue

    /// Creates an executor whose thread is named `name` (as debuggers and `ps -L` show it).
    public init(name: String = "sl-session") {
        queue = JobQueue(name: name)
    }

    /// Queues a job; its thread runs it after the ones queued before.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public func enqueue(_ job: consuming ExecutorJob) {
        queue.push(UnownedJob(job), executor: self)
    }

    /// Queues a job, as the runtime of iOS 16 asks (it calls ``enqueue(_:)-(ExecutorJob)`` where it can).
    public func enqueue(_ job: UnownedJob) {
        queue.push(job, executor: self)
    }

    /// This executor, as actors and the runtime refer to it.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Whether the calling thread is this executor's (for checks that blocking happens here).
    public var isCurrentThread: Bool { queue.isCurrentThread }

    /// Gives the jobs queued to a new thread when the job under way began at `instant` or before and
    /// is still running: it blocks this executor's thread. The runner calls it when a step times out
    /// on an in-process app that may have blocked the thread they share (a semaphore around a call),
    /// so that its own jobs run again and it can report the hang. The blocked job keeps its thread,
    /// no longer this executor's, until it returns. True when a thread was replaced.
    package func replaceThread(blockedSince instant: ContinuousClock.Instant) -> Bool {
        queue.replaceThread(blockedSince: instant, executor: self)
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension SessionExecutor: TaskExecutor {}

/// Runs `operation` with `executor` as the task's preferred executor where the OS has task
/// executors (macOS 15, iOS 18, Linux); elsewhere it runs as the caller's task would, and an actor
/// that runs on `executor` still does.
package func withPreferredExecutor<Result>(
    _ executor: SessionExecutor?, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
) async rethrows -> Result {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
        return try await withTaskExecutorPreference(executor, isolation: isolation, operation: operation)
    }
    return try await operation()
}

extension TaskGroup where ChildTaskResult == Void {
    /// Adds a child task that prefers `executor` where the OS has task executors (macOS 15, iOS 18,
    /// Linux), and a plain child task elsewhere (see ``withPreferredExecutor(_:isolation:operation:)``).
    package mutating func addTask(preferring executor: SessionExecutor?, operation: sending @escaping @isolated(any) () async -> Void) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            addTask(executorPreference: executor, operation: operation)
        } else {
            addTask(operation: operation)
        }
    }
}

extension Task where Failure == any Error {
    /// An unstructured task that prefers `executor` where the OS has task executors (macOS 15,
    /// iOS 18, Linux), and a plain one elsewhere (see ``withPreferredExecutor(_:isolation:operation:)``).
    package static func preferring(_ executor: SessionExecutor?, operation: @escaping @Sendable () async throws -> Success) -> Task {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return Task(executorPreference: executor, operation: operation)
        }
        return Task(operation: operation)
    }
}
