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
        private var jobs = FIFOQueue<UnownedJob>()
        private var running = false
        private var waiting = false
        private var threadID: pthread_t?
        /// Which thread is the executor's: a thread whose number is no longer this one was
        /// replaced while a job of its blocked it, and ends once that job returns.
        private var generation = 0
        /// When the job under way began, while one is.
        private var jobStarted: ContinuousClock.Instant?

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
                let generation = generation
                condition.unlock()
                startThread(executor, generation)
                return
            }
            if waiting { condition.signal() }
            condition.unlock()
        }

        /// The thread keeps the executor alive while it runs; it lets go when it ends.
        private func startThread(_ executor: SessionExecutor, _ generation: Int) {
            let thread = Thread { [self] in loop(executor, generation) }
            thread.name = name
            thread.start()
        }

        /// Hands the queue to a new thread when the job under way began at `instant` or before and
        /// has not returned: it blocks its thread (an app's semaphore), and the jobs queued behind it
        /// (the runner's, waiting to report the hang) would wait for it forever. The blocked thread
        /// ends once its job returns. True when it did.
        func replaceThread(blockedSince instant: ContinuousClock.Instant, executor: SessionExecutor) -> Bool {
            condition.lock()
            guard running, let started = jobStarted, started <= instant else {
                condition.unlock()
                return false
            }
            generation += 1
            jobStarted = nil
            threadID = nil
            let generation = generation
            condition.unlock()
            TransportTrace.note("executor.replaced", name)
            startThread(executor, generation)
            return true
        }

        /// Runs `job` on this thread: isolated to the executor as an actor's serial executor, and as
        /// the task executor the job's task prefers, where the OS has task executors.
        private static func run(_ job: UnownedJob, on executor: SessionExecutor, _ serial: UnownedSerialExecutor) {
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                job.runSynchronously(isolatedTo: serial, taskExecutor: executor.asUnownedTaskExecutor())
            } else {
                job.runSynchronously(on: serial)
            }
        }

        private func loop(_ executor: SessionExecutor, _ own: Int) {
            ThreadName.set(name)
            condition.lock()
            threadID = pthread_self()
            TransportTrace.note("executor.thread", "\(name) started")
            let serial = executor.asUnownedSerialExecutor()
            while true {
                if let job = jobs.popFirst() {
                    jobStarted = ContinuousClock.now
                    condition.unlock()
                    Self.run(job, on: executor, serial)
                    condition.lock()
                    // Replaced while this job blocked: the queue is the new thread's.
                    guard generation == own else {
                        condition.unlock()
                        return
                    }
                    jobStarted = nil
                    continue
                }
                waiting = true
                let woken = condition.wait(until: Date(timeIntervalSinceNow: 2))
                waiting = false
                if woken { TransportTrace.note("executor.woken", name) }
                if !woken, jobs.isEmpty {
                    running = false
                    threadID = nil
                    condition.unlock()
                    return
                }
            }
        }
    }
}
