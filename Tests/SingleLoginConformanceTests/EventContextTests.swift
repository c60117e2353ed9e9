import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport
import SingleLoginTransport
import Testing

@Suite("EventContext: work an app queues carries the event it began under")
struct EventContextTests {
    /// The launch's account check is held; its answer, released, leads to the token call (``DispatchedApp``'s launch).
    static let scenarios = """
        [{"name": "the launch's check held", "given": {"signedIn": "alice"},
          "steps": [{"do": "holdNext", "method": "getCurrentAccount"}, {"do": "launch"}, {"do": "release"}]}]
        """

    /// The step the token call was filed under (0: the hold, 1: the launch, 2: the release).
    static func tokenCallStep(_ results: [TestCaseResult]) throws -> Int? {
        let result = try #require(results.first)
        #expect(result.outcome == .passed, "\(result.issues.map(\.message))")
        return try #require(result.transcript.first { $0.method == .acquireTokenSilent }, "\(result.transcript.map(\.method))").stepIndex
    }

    @Test("in process, the token call after the release is filed under the launch with the event carried, under the release without", arguments: [true, false])
    func inProcess(carriesEvent: Bool) async throws {
        let loaded = try TestSupport.spec("T-CONTEXT-1", scenarios: Self.scenarios)
        let run = await TestSupport.run(loaded) { InProcessAdapterProvider { DispatchedApp(carriesEvent: carriesEvent) } }
        #expect(try Self.tokenCallStep(run.results) == (carriesEvent ? 1 : 2))
    }

    @Test("over TCP, the same: the call names the launch's request (underRequest) only with the event carried", arguments: [true, false])
    func overTCP(carriesEvent: Bool) async throws {
        let loaded = try TestSupport.spec("T-CONTEXT-1", scenarios: Self.scenarios)
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        // Generous, as AppClockTests' are: nothing here measures time.
        let timeouts = AdapterTimeouts(handshake: .seconds(300), step: .seconds(300), scenario: .seconds(600))
        let serving = taskOnOwnThread("sl-test-client") {
            try await TCPAdapterClient.serve(DispatchedApp(carriesEvent: carriesEvent), host: "127.0.0.1", port: listener.port)
        }
        let run = await TestSupport.run(loaded) { ListeningAdapterProvider(listener: listener, timeouts: timeouts, connectTimeout: .seconds(300)) }
        serving.cancel()
        _ = await serving.result
        #expect(try Self.tokenCallStep(run.results) == (carriesEvent ? 1 : 2))
    }
}
