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

        /// Runs `job` on this thread: isolated to the executor as an actor's serial executor, and as
        /// the task executor the job's task prefers, where the OS has task executors.
        private static func run(_ job: UnownedJob, on executor: SessionExecutor, _ serial: UnownedSerialExecutor) {
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                job.runSynchronously(isolatedTo: serial, taskExecutor: executor.asUnownedTaskExecutor())
            } else {
                job.runSynchronously(on: serial)
            }
        }

        private func loop(_ executor: SessionExecutor) {
            ThreadName.set(name)
            condition.lock()
            threadID = pthread_self()
            TransportTrace.note("executor.thread", "\(name) started")
            let serial = executor.asUnownedSerialExecutor()
            while true {
                if let job = jobs.popFirst() {
                    condition.unlock()
                    Self.run(job, on: executor, serial)
                    condition.lock()
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
