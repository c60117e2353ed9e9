/// What an adapter that declared ``WireProtocol/Capability/concurrentCalls`` keeps of its app's
/// work: the requests still being handled, and the calls whose answers the harness holds. The app
/// has settled when every task still running waits for a held answer.
///
/// `Locked` rather than `Mutex` keeps the adapter kit buildable for the iOS versions an app supports.
final class WireSettling: Sendable {
    private struct State {
        var running = 0
        var held: Set<Int> = []
        /// The harness request each of the app's calls was made under, by call id.
        var madeUnder: [Int: Int] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []

        var settled: Bool { running <= held.count }

        mutating func wakeIfSettled() -> [CheckedContinuation<Void, Never>] {
            guard settled else { return [] }
            defer { waiters = [] }
            return waiters
        }
    }

    private let state = Locked(State())

    /// A request's handling started.
    func started() { state.withLock { $0.running += 1 } }

    /// A request's handling ended.
    func ended() {
        resume(
            state.withLock {
                $0.running -= 1; return $0.wakeIfSettled()
            })
    }

    /// Call `call` went out under harness request `request`.
    func called(_ call: Int, under request: Int) { state.withLock { $0.madeUnder[call] = request } }

    /// The harness holds call `call`'s answer: the task waiting for it counts as settled.
    func held(_ call: Int) {
        resume(
            state.withLock {
                $0.held.insert(call); return $0.wakeIfSettled()
            })
    }

    /// Call `call` was answered: its task runs again.
    func answered(_ call: Int) {
        state.withLock {
            $0.held.remove(call)
            $0.madeUnder[call] = nil
        }
    }

    /// Returns once every running task waits for a held answer (at once when none runs).
    func waitUntilSettled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock {
                if $0.settled { return true }
                $0.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func resume(_ waiters: [CheckedContinuation<Void, Never>]) {
        for waiter in waiters { waiter.resume() }
    }
}

/// The harness request the current task works under, set while an adapter that declared
/// ``WireProtocol/Capability/concurrentCalls`` handles it; its app's calls carry it (`underRequest`).
enum WireRequestContext {
    @TaskLocal static var request: Int?
}
