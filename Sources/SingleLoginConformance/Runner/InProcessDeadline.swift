import SingleLoginAdapter
import SingleLoginTransport

/// How long the runner waits for an in-process adapter's answer: the step timeout, or what is
/// left of the scenario timeout when that is less. Over the wire the session enforces the same two
/// limits on each request; in process nothing else would, and an app whose `handle` never
/// returns would stop the whole run.
///
/// At the deadline the runner gives up as it does over the wire (an `adapter.timeout` failure,
/// which a lifecycle event turns into `app.hung`): the work it waited for is cancelled and left
/// behind, and the provider makes a fresh adapter for the next test case.
struct InProcessDeadline: Sendable {
    /// When the wait ends, and which limit ends it, chosen as a wire session chooses them.
    let wait: WaitDeadline

    /// The deadline of a wait that begins now: `step` from now, or `scenarioEnds` if that is sooner.
    init(step: Duration, scenarioEnds: ContinuousClock.Instant?, scenario: Duration) {
        wait = WaitDeadline(request: step, scenarioEnds: scenarioEnds, scenario: scenario)
    }

    /// The failure of a wait for `what` (`event launch`, `reset`) that reached the deadline: the
    /// words a wire session uses for the same timeout.
    func failure(_ what: String) -> AdapterFailure {
        AdapterFailure(.timeout, "no answer to '\(what)' \(wait.limit) (the adapter runs in process: its task was cancelled and left behind)")
    }

    /// Calls `expire` at the deadline on the ``DeadlineWatch``'s thread, unless the entry is
    /// cancelled first. Then, if a job has blocked `executor`'s thread since the first half of the
    /// wait (an app's semaphore on the thread it shares with the runner), hands the executor's queue
    /// to a new thread, so that the runner, resumed by `expire`, runs again and reports the hang; and
    /// checks that Swift's cooperative pool still runs (``PoolWatch``).
    func schedule(unblocking executor: SessionExecutor?, _ expire: @escaping @Sendable () -> Void) -> DeadlineWatch.Entry {
        let blockedSince = wait.began + (wait.instant - wait.began) / 2
        return DeadlineWatch.shared.schedule(at: wait.instant) {
            expire()
            _ = executor?.replaceThread(blockedSince: blockedSince)
            PoolWatch.check()
        }
    }

    /// Runs `operation` in a task of its own, preferring `executor`, and returns what it returns;
    /// throws ``failure(_:)`` once the deadline passes first, and cancels the task.
    ///
    /// The task is not awaited after the deadline: work that ignores cancellation (a continuation
    /// never resumed) would otherwise keep the runner waiting, which is the hang being reported.
    func run<Value: Sendable>(
        _ what: String, preferring executor: SessionExecutor?, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        // Whichever comes first, the answer or the deadline, is the outcome; it may come before the
        // runner's continuation is in place, and then waits for it.
        let outcome = Locked<(continuation: CheckedContinuation<Value, any Error>?, result: Result<Value, any Error>?)>((nil, nil))
        let finish: @Sendable (Result<Value, any Error>) -> Void = { result in
            let waiting: CheckedContinuation<Value, any Error>? = outcome.withLock { state in
                guard state.result == nil else { return nil }
                state.result = result
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume(with: result)
        }
        let work = Task<Void, any Error>.preferring(executor) {
            do { finish(.success(try await operation())) } catch { finish(.failure(error)) }
        }
        let timer = schedule(unblocking: executor) { [failure = failure(what)] in
            work.cancel()
            finish(.failure(failure))
        }
        defer { DeadlineWatch.shared.cancel(timer) }
        // The runner's cancellation (an interrupted run) reaches the work as if it ran in its task.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<Value, any Error>? = outcome.withLock { state in
                    if state.result == nil { state.continuation = continuation }
                    return state.result
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            work.cancel()
        }
    }
}
