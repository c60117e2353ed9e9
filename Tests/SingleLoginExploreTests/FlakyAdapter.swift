import Synchronization
import ReferenceApp
import SingleLoginAdapter

/// The reference app or its `ignoresBroadcast` variant, whichever `flip` says, test case by test case: a flaky app.
final class FlakyAdapter: ConformanceAdapter {
    let flip: Flip
    let conformant = ReferenceAppAdapter()
    let flawed = ReferenceAppAdapter(flaws: [.ignoresBroadcast])
    let current = Mutex(true)
    var identity: AdapterIdentity { conformant.identity }
    init(flip: Flip) { self.flip = flip }

    func reset(environment: AppEnvironment) async throws {
        let good = flip.next()
        current.withLock { $0 = good }
        try await (good ? conformant : flawed).reset(environment: environment)
    }
    func handle(_ event: AppEvent) async throws -> Observation { try await (current.withLock { $0 } ? conformant : flawed).handle(event) }
    func observe() async throws -> Observation { try await (current.withLock { $0 } ? conformant : flawed).observe() }
}
