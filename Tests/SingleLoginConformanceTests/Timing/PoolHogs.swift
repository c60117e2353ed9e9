import Foundation
import Synchronization

/// CPU-bound tasks that hold every thread of Swift's cooperative pool, as long synchronous work
/// in other tests (or in an app) does, until they are let go.
final class PoolHogs: Sendable {
    /// How many hogs there are: one per thread of the pool (it has one per core).
    let count = ProcessInfo.processInfo.activeProcessorCount
    private let running = Atomic<Int>(0)
    private let releases = Atomic<Int>(0)
    private let releasesNeeded: Int
    private let started = ContinuousClock.now

    /// Hogs that stop once `releasesNeeded` calls of ``release()`` have been made.
    init(releasesNeeded: Int = 1) { self.releasesNeeded = releasesNeeded }

    /// How many hogs hold a thread now.
    var holding: Int { running.load(ordering: .acquiring) }

    /// Starts the hogs; each spins until every ``release()`` was made and at least `minimum` has passed, or
    /// `limit` has passed (so that a failing test cannot hang the suite).
    func start(minimum: Duration, limit: Duration = .seconds(240)) -> [Task<UInt64, Never>] {
        (0..<count).map { _ in
            Task.detached { [self] in
                running.add(1, ordering: .releasing)
                defer { running.subtract(1, ordering: .releasing) }
                var spins: UInt64 = 0
                while ContinuousClock.now - started < limit {
                    if releases.load(ordering: .acquiring) >= releasesNeeded, ContinuousClock.now - started > minimum { break }
                    for _ in 0..<10_000 { spins &+= 1 }
                }
                return spins
            }
        }
    }

    /// Blocks the calling thread (never one of the pool's) until every hog holds a thread, or a minute has passed.
    func waitUntilHolding() {
        while holding < count, ContinuousClock.now - started < .seconds(60) { usleep(1_000) }
    }

    /// One of the releases the hogs wait for; call it from a thread of your own (the pool is theirs).
    func release() { releases.add(1, ordering: .releasing) }
}
