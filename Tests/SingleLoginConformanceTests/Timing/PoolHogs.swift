import Foundation
import Synchronization

/// CPU-bound tasks that hold every thread of Swift's cooperative pool, as long synchronous work
/// in other tests (or in an app) does, until they are let go.
///
/// In a full suite the pool is busy with other tests' work at first: the hogs take its threads
/// as that work lets go of them (it ends; the hogs never do), and the time they hold the pool is
/// counted from the moment all of them hold it.
final class PoolHogs: Sendable {
    /// How many hogs there are: one per thread of the pool (it has one per core).
    let count = ProcessInfo.processInfo.activeProcessorCount
    private let running = Atomic<Int>(0)
    private let releases = Atomic<Int>(0)
    private let releasesNeeded: Int
    /// When the last hog took its thread.
    private let allHolding = Mutex<ContinuousClock.Instant?>(nil)

    /// Hogs that stop once `releasesNeeded` calls of ``release()`` have been made.
    init(releasesNeeded: Int = 1) { self.releasesNeeded = releasesNeeded }

    /// How many hogs hold a thread now.
    var holding: Int { running.load(ordering: .acquiring) }

    /// Starts the hogs; each spins until every ``release()`` was made and the pool has been held
    /// for `minimum`, or until `limit` has passed since it started (so that a failing test cannot
    /// hang the suite).
    func start(minimum: Duration, limit: Duration = .seconds(600)) -> [Task<UInt64, Never>] {
        (0..<count).map { _ in
            Task.detached { [self] in
                let started = ContinuousClock.now
                if running.add(1, ordering: .acquiringAndReleasing).newValue == count {
                    allHolding.withLock { $0 = started }
                }
                defer { running.subtract(1, ordering: .releasing) }
                var spins: UInt64 = 0
                while ContinuousClock.now - started < limit {
                    if releases.load(ordering: .acquiring) >= releasesNeeded, let since = allHolding.withLock({ $0 }), ContinuousClock.now - since > minimum {
                        break
                    }
                    for _ in 0..<10_000 { spins &+= 1 }
                }
                return spins
            }
        }
    }

    /// Blocks the calling thread (never one of the pool's) until every hog holds a thread, or
    /// ten minutes have passed; returns whether they all do.
    @discardableResult
    func waitUntilHolding() -> Bool {
        let deadline = ContinuousClock.now + .seconds(600)
        while holding < count, ContinuousClock.now < deadline { usleep(1_000) }
        return holding == count
    }

    /// One of the releases the hogs wait for; call it from a thread of your own (the pool is theirs).
    func release() { releases.add(1, ordering: .releasing) }
}
