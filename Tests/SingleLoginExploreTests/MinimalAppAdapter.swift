import SingleLoginAdapter

/// ``MinimalApp`` as an adapter; a single-flight app declares `concurrentCalls`, so that histories hold answers.
struct MinimalAppAdapter: ConformanceAdapter {
    var app = MinimalApp()
    var capabilities: [String] = []
    var identity: AdapterIdentity {
        AdapterIdentity(
            adapterName: "minimal", adapterVersion: "1.0.0", appName: "Minimal", appVersion: "1.0.0", bundleId: "com.example.minimal", msalVersion: "1.6.2",
            capabilities: capabilities)
    }

    func reset(environment: AppEnvironment) async throws { await app.install(environment) }
    func handle(_ event: AppEvent) async throws -> Observation { await app.handle(event) }
    func observe() async throws -> Observation { await app.observe() }
}
