import Synchronization
import ReferenceApp
import SingleLoginAdapter

/// A reference adapter whose first reset fails, as an adapter that breaks once would.
final class FailsFirstResetAdapter: ConformanceAdapter {
    let inner = ReferenceAppAdapter(adapterName: "reference-tcp")
    let resets = Mutex(0)
    var identity: AdapterIdentity { inner.identity }

    struct Broke: Error, CustomStringConvertible { var description: String { "the simulator went away" } }

    func reset(environment: AppEnvironment) async throws {
        let number = resets.withLock { count in
            count += 1; return count
        }
        if number == 1 { throw Broke() }
        try await inner.reset(environment: environment)
    }
    func handle(_ event: AppEvent) async throws -> Observation { try await inner.handle(event) }
    func observe() async throws -> Observation { try await inner.observe() }
}
