import ReferenceApp
import SingleLoginAdapter

/// The reference app, taking `launch` minutes of the scenario clock to handle each launch: an
/// app as slow as the scenario timeout allows, or slower.
final class ClockAdvancingAdapter: ConformanceAdapter {
    let inner = ReferenceAppAdapter(adapterName: "slow-launch")
    let time: ManualScenarioTime
    let launch: Duration
    var identity: AdapterIdentity { inner.identity }

    init(time: ManualScenarioTime, launch: Duration) {
        self.time = time
        self.launch = launch
    }

    func reset(environment: AppEnvironment) async throws { try await inner.reset(environment: environment) }
    func handle(_ event: AppEvent) async throws -> Observation {
        if event == .launch { time.advance(by: launch) }
        return try await inner.handle(event)
    }
    func observe() async throws -> Observation { try await inner.observe() }
}
