import Foundation
import SingleLoginAdapter

/// One thread of its own that calls actions at their deadlines: the step timeouts of in-process
/// waits. Not a dispatch timer nor a sleeping task: an app under test that blocks the threads of
/// Swift's cooperative pool (a semaphore waited on inside async code) blocks dispatch's global
/// queues too (on Linux they are the same threads), and the hang would never be reported.
///
/// The thread sleeps until the earliest deadline; a wait that ends in time only removes its entry,
/// so it wakes about once per step timeout, not once per wait.
final class DeadlineWatch: @unchecked Sendable {
    /// The process's one watch (`@unchecked Sendable`: every field is guarded by `condition`).
    static let shared = DeadlineWatch()

    /// A scheduled action, to cancel once its wait has ended in time.
    struct Entry: Sendable {
        fileprivate let id: Int
    }

    private let condition = NSCondition()
    private var actions: [Int: (instant: ContinuousClock.Instant, action: @Sendable () -> Void)] = [:]
    private var nextID = 0
    /// Until when the thread sleeps (nil: it has not started, or sleeps until signalled).
    private var sleepsUntil: ContinuousClock.Instant?
    private var started = false

    /// Calls `action` on the watch's thread at `instant`, unless ``cancel(_:)`` comes first.
    func schedule(at instant: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Entry {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        actions[nextID] = (instant, action)
        if !started {
            started = true
            let thread = Thread { [self] in loop() }
            thread.name = "sl-deadlines"
            thread.start()
        } else if sleepsUntil.map({ instant < $0 }) ?? true {
            condition.signal()
        }
        return Entry(id: nextID)
    }

    /// Forgets `entry`'s action (its wait ended in time); nothing happens if it has run.
    func cancel(_ entry: Entry) {
        condition.lock()
        actions[entry.id] = nil
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        while true {
            let now = ContinuousClock.now
            let due = actions.filter { $0.value.instant <= now }
            for id in due.keys { actions[id] = nil }
            if !due.isEmpty {
                condition.unlock()
                for (_, entry) in due.sorted(by: { $0.key < $1.key }) { entry.action() }
                condition.lock()
                continue
            }
            sleepsUntil = actions.values.map(\.instant).min()
            if let until = sleepsUntil {
                let left = now.duration(to: until)
                let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            } else {
                condition.wait()
            }
            sleepsUntil = nil
        }
    }
}
