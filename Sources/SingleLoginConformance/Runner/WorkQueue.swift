import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginTransport

/// Hands out plan indices to the jobs, and remembers why the run stopped early.
final class WorkQueue: Sendable {
    private struct State {
        var next = 0
        var stopReason: String?
        var unavailable: AdapterUnavailable?
    }
    private let state = Locked(State())

    /// The next index to run.
    func take() -> Int {
        state.withLock { state in
            defer { state.next += 1 }; return state.next
        }
    }

    /// Why the remaining test cases are skipped, once the run has stopped early.
    var stopReason: String? { state.withLock { $0.stopReason } }

    /// Why the remaining test cases are not run, once an adapter could not be started.
    var unavailable: AdapterUnavailable? { state.withLock { $0.unavailable } }

    /// Stops the run early; the first reason wins.
    func stop(because reason: String) { state.withLock { if $0.stopReason == nil { $0.stopReason = reason } } }

    /// Fail-fast: stops the run after `result` when it failed or errored, naming it; the first reason wins.
    func stop(after result: TestCaseResult) {
        guard result.outcome == .failed || result.outcome == .errored else { return }
        stop(because: "fail-fast: the run stopped after \(result.id) \(result.outcome == .failed ? "failed" : "errored")")
    }

    /// Gives up on the run's adapter: the remaining test cases are reported not run; the first
    /// reason wins, and only its call returns true (so the run says why once).
    @discardableResult
    func abandon(because unavailable: AdapterUnavailable) -> Bool {
        state.withLock { state in
            guard state.unavailable == nil else { return false }
            state.unavailable = unavailable
            return true
        }
    }
}
