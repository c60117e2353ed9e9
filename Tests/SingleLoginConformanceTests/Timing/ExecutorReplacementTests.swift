import Dispatch
import SingleLoginAdapter
import Testing

@Suite("A session executor whose thread a job blocks hands its queue to a new thread on request")
struct ExecutorReplacementTests {
    @Test("the jobs queued behind a blocking one run on a new thread; the blocked job ends on its own, no longer the executor's")
    func blockedThreadIsReplaced() async {
        let executor = SessionExecutor(name: "sl-test-replaced")
        let (started, gate) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        // Nothing runs yet: there is no blocked thread to replace.
        #expect(!executor.replaceThread(blockedSince: ContinuousClock.now))
        let blocker = Task(executorPreference: executor) {
            started.signal()
            Self.wait(for: gate)
            return executor.isCurrentThread
        }
        Self.wait(for: started)
        // A job queued behind the blocked one waits until the thread is replaced.
        let behind = Task(executorPreference: executor) { executor.isCurrentThread }
        #expect(executor.replaceThread(blockedSince: ContinuousClock.now))
        #expect(await behind.value, "the queued job ran on the executor's new thread")
        gate.signal()
        #expect(await blocker.value == false, "the blocked job finished on a thread that is no longer the executor's")
        // The executor goes on as before.
        #expect(await Task(executorPreference: executor) { executor.isCurrentThread }.value)
    }

    @Test("a job that began after the given instant is not taken for a blocked one")
    func recentJobIsNotReplaced() async {
        let executor = SessionExecutor(name: "sl-test-recent")
        let (started, gate) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let before = ContinuousClock.now
        let blocker = Task(executorPreference: executor) {
            started.signal()
            Self.wait(for: gate)
        }
        Self.wait(for: started)
        #expect(!executor.replaceThread(blockedSince: before - .seconds(60)))
        gate.signal()
        await blocker.value
    }

    /// Blocks the calling thread until `semaphore` is signalled, as an app's synchronous code would.
    private static func wait(for semaphore: DispatchSemaphore) { semaphore.wait() }
}
