import Foundation
@testable import SingleLoginTransport
import Testing
import ReferenceApp
import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import Synchronization

@Suite("The scenario timeout: the provider's value, counted from a ready adapter")
struct ScenarioTimeoutTests {
    /// Launch, suspend, resume, signed in throughout: the timeout is checked before each step after the first.
    static let scenarios = """
        [{"name": "launch, suspend, resume", "given": {"signedIn": "alice"},
          "steps": [{"do": "launch"}, {"do": "suspend"}, {"do": "resume", "expect": [{"check": "signedIn", "account": "alice"}]}]},
         {"name": "launch again", "given": {"signedIn": "alice"},
          "steps": [{"do": "launch"}, {"do": "suspend"}, {"do": "resume", "expect": [{"check": "signedIn", "account": "alice"}]}]}]
        """

    static func run(_ time: ManualScenarioTime, makeProvider: @escaping @Sendable () -> any AdapterProvider) async throws -> [TestCaseResult] {
        let loaded = try TestSupport.spec("T-TIME-1", scenarios: Self.scenarios)
        var runner = Runner(spec: loaded.spec, specSHA256: loaded.sha256Hex, makeProvider: makeProvider)
        runner.scenarioClock = time.clock
        let results = Mutex<[TestCaseResult]>([])
        await runner.run { event in
            if case .testCaseEnded(let result) = event.kind { results.withLock { $0.append(result) } }
        }
        return results.withLock { $0 }
    }

    @Test("an app that connects 70 s after the run starts (connect timeout 120 s, scenario timeout 60 s) passes its first test case")
    func connectingIsNotScenarioTime() async throws {
        let time = ManualScenarioTime()
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        // 70 s pass on the scenario clock while the harness waits for the app, then it connects.
        let client = taskOnOwnThread("sl-test-client") {
            time.advance(by: .seconds(70))
            try await TCPAdapterClient.serve(ReferenceAppAdapter(adapterName: "late"), host: "127.0.0.1", port: listener.port, reconnectTimeout: .seconds(300))
        }
        defer { client.cancel() }
        let timeouts = AdapterTimeouts(handshake: .seconds(300), step: .seconds(300), scenario: .seconds(60))
        let results = try await Self.run(time) {
            ListeningAdapterProvider(listener: listener, timeouts: timeouts, connectTimeout: .seconds(300))
        }
        #expect(results.map(\.outcome) == [.passed, .passed], "\(results.map { ($0.outcome, $0.issues.map(\.message)) })")
        try await client.value
    }

    @Test("a provider given a 600 s scenario timeout lets a test case run 61 s; the runner adds no limit of its own")
    func theProvidersTimeoutIsTheOne() async throws {
        let time = ManualScenarioTime()
        let results = try await Self.run(time) {
            InProcessAdapterProvider(scenarioTimeout: .seconds(600)) { ClockAdvancingAdapter(time: time, launch: .seconds(61)) }
        }
        #expect(results.map(\.outcome) == [.passed, .passed], "\(results.map { ($0.outcome, $0.issues.map(\.message)) })")
    }

    @Test("a provider given a 30 s scenario timeout ends a test case that runs 31 s, and the error names 30 s")
    func theGivenTimeoutIsReported() async throws {
        let time = ManualScenarioTime()
        let results = try await Self.run(time) {
            InProcessAdapterProvider(scenarioTimeout: .seconds(30)) { ClockAdvancingAdapter(time: time, launch: .seconds(31)) }
        }
        #expect(results.map(\.outcome) == [.errored, .errored])
        let message = try #require(results.first?.issues.first?.message)
        #expect(message == "the test case took longer than 30.0 s (scenario timeout)", "\(message)")
    }

    @Test("after the run the listener stops accepting: a client that connects again is refused at once, not after its own timeout")
    func closedListenerRefusesAtOnce() async throws {
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        // Every reset fails: the harness drops each connection, and the client connects again after the last one too.
        let client = taskOnOwnThread("sl-test-client") {
            try await TCPAdapterClient.serve(AlwaysFailsResetAdapter(), host: "127.0.0.1", port: listener.port, reconnectTimeout: .seconds(300))
        }
        defer { client.cancel() }
        let timeouts = AdapterTimeouts(handshake: .seconds(300), step: .seconds(300), scenario: .seconds(600))
        let results = try await Self.run(ManualScenarioTime()) {
            ListeningAdapterProvider(listener: listener, timeouts: timeouts, connectTimeout: .seconds(300))
        }
        #expect(results.map(\.outcome) == [.errored, .errored])
        #expect(listener.isClosed, "the last provider closed the listener")
        // With a 300 s reconnect timeout, only a refusal ends the client with this error.
        let ending = await client.result
        guard case .failure(let error as TCPAdapterClient.ConnectionError) = ending else {
            Issue.record("the client ends with a connection error, not \(ending)")
            return
        }
        #expect(error.description.contains("no longer listens"), "\(error.description)")
    }
}

/// An adapter whose every reset fails, as an app whose simulator keeps going away.
final class AlwaysFailsResetAdapter: ConformanceAdapter {
    let inner = ReferenceAppAdapter(adapterName: "always-fails")
    var identity: AdapterIdentity { inner.identity }
    struct Broke: Error, CustomStringConvertible { var description: String { "the simulator went away" } }
    func reset(environment: AppEnvironment) async throws { throw Broke() }
    func handle(_ event: AppEvent) async throws -> Observation { try await inner.handle(event) }
    func observe() async throws -> Observation { try await inner.observe() }
}
