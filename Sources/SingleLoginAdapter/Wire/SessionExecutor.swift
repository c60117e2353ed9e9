/// A thread of its own for work that must never wait for Swift's cooperative pool: a job of the
/// harness's run (the adapter session's actor executes on it and the runner's task for that job
/// prefers it), or ``TCPAdapterClient`` between connections. Blocking I/O (`poll`, `read`,
/// `write`, `connect` with deadlines) then never holds a thread of the pool, work on the pool
/// never delays it, and a round trip to the adapter needs no hand-off between threads.
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
