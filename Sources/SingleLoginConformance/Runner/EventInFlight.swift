import SingleLoginAdapter

/// An event an in-process app is still handling while one of its calls waits for a held answer
/// (protocol 1.6's `concurrentCalls`, in process): the app's `handle` runs in a task of its own,
/// and the runner goes on once it has returned or once one of its calls is held, whichever comes first.
final class EventInFlight: Sendable {
    private struct State {
        var finished = false
        var held = false
        /// The deadline of the wait under way passed.
        var expired = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())
    /// The app's `handle`, running.
    let task: Task<Observation, any Error>
    /// The thread it prefers, which a deadline frees if the app blocks it.
    private let executor: SessionExecutor?

    /// Starts `adapter.handle(event)` with its calls recorded as coming from `origin`, and notes when `broker` holds a call.
    ///
    /// The task prefers `executor`, the job's own thread: on Swift's cooperative pool it would wait
    /// whenever the process keeps the pool busy (a vendor's parallel tests).
    init(_ event: AppEvent, on adapter: any ConformanceAdapter, origin: CallMoment, broker: SimulatedBroker, executor: SessionExecutor?) async {
        let state = self.state
        self.executor = executor
        await broker.onNextHold { Self.mark(state) { $0.held = true } }
        let handle: @Sendable () async throws -> Observation = {
            defer { Self.mark(state) { $0.finished = true } }
            return try await CallMoment.$current.withValue(origin) { try await adapter.handle(event) }
        }
        task = Task.preferring(executor, operation: handle)
    }

    /// Whether the app's `handle` has returned.
    var finished: Bool { state.withLock(\.finished) }

    /// Returns once the app's `handle` has returned or one of its calls is held since
    /// ``expectHold(from:)`` (or the start): true then, false when `deadline` came first.
    func waitUntilFinishedOrHeld(before deadline: InProcessDeadline) async -> Bool {
        let state = self.state
        state.withLock { $0.expired = false }
        let timer = deadline.schedule(unblocking: executor) { Self.mark(state) { $0.expired = true } }
        defer { DeadlineWatch.shared.cancel(timer) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock {
                if $0.finished || $0.held || $0.expired { return true }
                $0.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        return state.withLock { $0.finished || $0.held }
    }

    /// Listens for the next held call afresh (before a release lets the app go on).
    func expectHold(from broker: SimulatedBroker) async {
        let state = self.state
        state.withLock { $0.held = false }
        await broker.onNextHold { Self.mark(state) { $0.held = true } }
    }

    private static func mark(_ state: Locked<State>, _ change: (inout State) -> Void) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            change(&state)
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
