import Dispatch
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport
import SingleLoginTransport
import Synchronization
import Testing

/// A completion-handler app: its launch checks the account, then takes a token, each call started
/// from a dispatch queue the answer before it came back on. With `carriesEvent`, its adapter keeps
/// the event with the work it queues (``EventContext``). Its tasks run on a thread of the app's own.
final class QueueHoppingApp: ConformanceAdapter, Sendable {
    let identity = AdapterIdentity(
        adapterName: "queue-hopping", adapterVersion: "1.0.0", appName: "QueueHopping", appVersion: "1.0.0", bundleId: "com.example.hopping",
        msalVersion: "1.6.2", capabilities: [WireProtocol.Capability.concurrentCalls.rawValue])
    let carriesEvent: Bool
    private let queue = DispatchQueue(label: "com.example.hopping.main")
    private let thread = SessionExecutor(name: "queue-hopping-app")
    private let environment = Mutex<AppEnvironment?>(nil)

    init(carriesEvent: Bool) { self.carriesEvent = carriesEvent }

    func reset(environment: AppEnvironment) async throws { self.environment.withLock { $0 = environment } }

    /// Queues `work` as the app's main queue would, with the event it began under when `carriesEvent`.
    private func hop(_ work: @escaping @Sendable () async -> Void) {
        let context = carriesEvent ? EventContext.current : nil
        queue.async {
            let start = { _ = Task(executorPreference: self.thread) { await work() } }
            if let context { context.run(start) } else { start() }
        }
    }

    func handle(_ event: AppEvent) async throws -> Observation {
        guard event == .launch, let broker = environment.withLock({ $0?.broker }) else { return try await observe() }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            hop {
                let account = try? await broker.getCurrentAccount().account
                self.hop {
                    _ = try? await broker.acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read"], accountIdentifier: account?.identifier))
                    done.resume()
                }
            }
        }
        return try await observe()
    }

    func observe() async throws -> Observation { Observation(running: true, signedInAccount: nil, screen: [], storage: []) }
}

@Suite("EventContext: work an app queues carries the event it began under")
struct EventContextTests {
    /// The launch's account check is held; its answer, released, leads to the token call.
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
        let run = await TestSupport.run(loaded) { InProcessAdapterProvider { QueueHoppingApp(carriesEvent: carriesEvent) } }
        #expect(try Self.tokenCallStep(run.results) == (carriesEvent ? 1 : 2))
    }

    @Test("over TCP, the same: the call names the launch's request (underRequest) only with the event carried", arguments: [true, false])
    func overTCP(carriesEvent: Bool) async throws {
        let loaded = try TestSupport.spec("T-CONTEXT-1", scenarios: Self.scenarios)
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        // Generous, as AppClockTests' are: nothing here measures time.
        let timeouts = AdapterTimeouts(handshake: .seconds(300), step: .seconds(300), scenario: .seconds(600))
        let serving = taskOnOwnThread("sl-test-client") {
            try await TCPAdapterClient.serve(QueueHoppingApp(carriesEvent: carriesEvent), host: "127.0.0.1", port: listener.port)
        }
        let run = await TestSupport.run(loaded) { ListeningAdapterProvider(listener: listener, timeouts: timeouts, connectTimeout: .seconds(300)) }
        serving.cancel()
        _ = await serving.result
        #expect(try Self.tokenCallStep(run.results) == (carriesEvent ? 1 : 2))
    }
}
