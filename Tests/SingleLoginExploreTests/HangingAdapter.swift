import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginTransport

/// The reference app, except that it never settles on an account-change broadcast: the harness's
/// step timeout fires while it handles the event, as over a wire (here the adapter says so at once).
struct HangingAdapter: ConformanceAdapter {
    let app = ReferenceAppAdapter()
    var identity: AdapterIdentity { app.identity }

    func reset(environment: AppEnvironment) async throws { try await app.reset(environment: environment) }
    func handle(_ event: AppEvent) async throws -> Observation {
        if event == .accountChangedBroadcast { throw AdapterFailure(.timeout, "no answer to 'event accountChangedBroadcast' within 10.0 s") }
        return try await app.handle(event)
    }
    func observe() async throws -> Observation { try await app.observe() }
}
