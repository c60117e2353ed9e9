import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SessionExecutor {
    /// The jobs waiting for a ``SessionExecutor``'s thread, and the thread's loop.
    ///
    /// `@unchecked Sendable`: every field is guarded by `condition`.
    final class JobQueue: @unchecked Sendable {
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
            ThreadName.set(name)
            condition.lock()
            threadID = pthread_self()
            TransportTrace.note("executor.thread", "\(name) started")
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
                if woken { TransportTrace.note("executor.woken", name) }
                if !woken, start >= jobs.count {
                    running = false
                    threadID = nil
                    condition.unlock()
                    return
                }
            }
        }
    }
}
