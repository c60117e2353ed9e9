import Foundation
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport
import SingleLoginTransport
import Synchronization
import Testing

/// A callback-style app's adapter over the wire (with `concurrentCalls`): at each reset, the app of
/// the test case before makes one more call, from a task of its own, as a completion handler on a
/// dispatch queue would: no harness request is its task's.
final class LingeringCallbackAdapter: ConformanceAdapter, Sendable {
    let identity = AdapterIdentity(
        adapterName: "lingering", adapterVersion: "1.0.0", appName: "Lingering", appVersion: "1.0.0", bundleId: "com.example.lingering",
        msalVersion: "1.6.2", capabilities: [WireProtocol.Capability.concurrentCalls.rawValue])
    private let environment = Mutex<AppEnvironment?>(nil)
    /// The app's own thread (not Swift's cooperative pool, which other tests may keep busy).
    private let thread = SessionExecutor(name: "lingering-app")

    func reset(environment: AppEnvironment) async throws {
        if let previous = self.environment.withLock({ $0 }) {
            _ = await Task.detached(executorPreference: thread) { try? await previous.broker.getCurrentAccount() }.value
        }
        self.environment.withLock { $0 = environment }
    }

    func handle(_ event: AppEvent) async throws -> Observation { try await observe() }
    func observe() async throws -> Observation { Observation(running: true, signedInAccount: nil, screen: [], storage: []) }
}

@Suite("Over the wire, a call made off the event's task by the app of an ended test case is charged to that test case")
struct OffTaskLateCallTests {
    static let scenarios = #"[{"name": "first", "steps": [{"do": "launch"}]}, {"name": "second", "steps": [{"do": "launch"}]}]"#

    @Test(
        "the first app's call at the second reset names the first test case's reset, so the harness refuses it as late and reports it there (app.lateCall), and the second test case's transcript holds no call it did not make"
    )
    func chargedToItsOwnTestCase() async throws {
        let loaded = try TestSupport.spec("T-LATE-1", scenarios: Self.scenarios)
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        // Generous, as AppClockTests' are: nothing here measures time.
        let timeouts = AdapterTimeouts(handshake: .seconds(300), step: .seconds(300), scenario: .seconds(600))
        let serving = taskOnOwnThread("sl-test-client") { try await TCPAdapterClient.serve(LingeringCallbackAdapter(), host: "127.0.0.1", port: listener.port) }
        let run = await TestSupport.run(loaded) { ListeningAdapterProvider(listener: listener, timeouts: timeouts, connectTimeout: .seconds(300)) }
        serving.cancel()
        _ = await serving.result
        let results = run.results
        try #require(results.count == 2, "\(results.map(\.id))")
        #expect(results[0].issues.contains { $0.kind == .appLateCall }, "\(results[0].issues.map(\.message))")
        #expect(!results[1].transcript.contains { $0.method == .getCurrentAccount }, "\(results[1].transcript.map(\.method))")
    }
}
