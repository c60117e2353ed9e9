import Foundation
import ReferenceApp
import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
@testable import SingleLoginTransport
import Synchronization
import Testing
import SingleLoginTestSupport

/// The reference app, reporting the device's time as the app reads it (`AppEnvironment.clock`).
final class ClockReadingAdapter: ConformanceAdapter {
    let inner = ReferenceAppAdapter()
    let clock = Mutex<(any AppClock)?>(nil)
    var identity: AdapterIdentity { inner.identity }

    func reset(environment: AppEnvironment) async throws {
        clock.withLock { $0 = environment.clock }
        try await inner.reset(environment: environment)
    }

    func handle(_ event: AppEvent) async throws -> Observation { stamped(try await inner.handle(event)) }
    func observe() async throws -> Observation { stamped(try await inner.observe()) }

    private func stamped(_ observation: Observation) -> Observation {
        var observation = observation
        if let now = clock.withLock({ $0?.now() }) {
            observation.storage.append(StoredItem(.memory, "device.now", String(decoding: (try? WireCodec.encoder.encode(now)) ?? Data(), as: UTF8.self)))
        }
        return observation
    }
}

@Suite("The app's clock is the device's simulated time, in process and over the wire")
struct AppClockTests {
    static let scenarios = """
        [{"name": "seventy minutes", "given": {"signedIn": "alice"},
          "steps": [{"do": "launch"}, {"do": "advanceClock", "minutes": 70}, {"do": "refresh"}, {"do": "suspend"}, {"do": "advanceClock", "minutes": 60}, {"do": "resume"}]}]
        """

    /// The device time each observed step reported, in order.
    static func reportedTimes(_ events: [Event]) -> [String] {
        events.compactMap { event in
            guard case .observed(_, let observation, _, _) = event.kind else { return nil }
            return observation.storage.first { $0.key == "device.now" }?.value
        }
    }

    /// After each step (an `advanceClock` step delivers no event: its observation is the one before).
    static let expected = [
        #""2025-03-03T08:00:00Z""#, #""2025-03-03T08:00:00Z""#, #""2025-03-03T09:10:00Z""#,
        #""2025-03-03T09:10:00Z""#, #""2025-03-03T09:10:00Z""#, #""2025-03-03T10:10:00Z""#,
    ]

    @Test("in process, AppEnvironment.clock shows the simulated time, which advanceClock moves")
    func inProcess() async throws {
        let loaded = try TestSupport.spec("T-CLOCK-1", scenarios: Self.scenarios)
        let run = await TestSupport.run(loaded) { InProcessAdapterProvider { ClockReadingAdapter() } }
        #expect(run.results.first?.outcome == .passed)
        #expect(Self.reportedTimes(run.events) == Self.expected)
    }

    @Test("over the wire, every reset and event carries the time as 'now', and the adapter kit's clock shows it")
    func overTheWire() async throws {
        let loaded = try TestSupport.spec("T-CLOCK-1", scenarios: Self.scenarios)
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        let directory = try TemporaryDirectory()
        let wireLog = try WireLog(url: directory.url.appendingPathComponent("wire.log"))
        // Generous: these clients run in the test process, where the other suites' CPU-bound tests can
        // keep them from being scheduled for a minute on a loaded 2-core machine (seen twice in
        // .ci/run's loaded pass); nothing here measures time.
        let timeouts = AdapterTimeouts(handshake: .seconds(300), step: .seconds(300), scenario: .seconds(600))
        let serving = taskOnOwnThread("sl-test-client") { try await TCPAdapterClient.serve(ClockReadingAdapter(), host: "127.0.0.1", port: listener.port) }
        let run = await TestSupport.run(loaded) {
            ListeningAdapterProvider(listener: listener, timeouts: timeouts, connectTimeout: .seconds(300), wireLog: wireLog)
        }
        // Whatever the run did, the client stops now: after a timeout the harness drops the
        // connection and the client would connect again to a listener nobody accepts from.
        // (That the client returns by itself after `shutdown` is TCPTransportTests' to show.)
        serving.cancel()
        _ = await serving.result
        #expect(run.results.first?.outcome == .passed)
        #expect(Self.reportedTimes(run.events) == Self.expected)
        let wire = try String(contentsOf: directory.url.appendingPathComponent("wire.log"), encoding: .utf8)
        #expect(wire.contains(#""method":"reset","params":{"now":"2025-03-03T08:00:00Z"}"#))
        #expect(wire.contains(#""params":{"event":"refresh","now":"2025-03-03T09:10:00Z"}"#))
    }
}
