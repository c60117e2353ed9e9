import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance

/// The reference app, except that a sign-in tap does nothing: the app offers no sign-in then (as an
/// app may after its account check failed, offering only a retry), so the user taps nothing.
struct TapIgnoringAdapter: ConformanceAdapter {
    let app = ReferenceAppAdapter()
    var identity: AdapterIdentity { app.identity }

    func reset(environment: AppEnvironment) async throws { try await app.reset(environment: environment) }
    func handle(_ event: AppEvent) async throws -> Observation {
        if event == .tapSignIn { return try await app.observe() }
        return try await app.handle(event)
    }
    func observe() async throws -> Observation { try await app.observe() }
}
