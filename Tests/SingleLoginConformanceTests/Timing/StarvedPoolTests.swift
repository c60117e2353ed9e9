import Foundation
@testable import SingleLoginTransport
import Synchronization
import Testing
import ReferenceApp
import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport

@Suite("Transport I/O never waits for the cooperative pool")
struct StarvedPoolTests {
    /// Longer than the default step timeout (10 s): a transport that needed the pool would time out.
    static let hogFor: Duration = .seconds(12)

    @Test("with every thread of the cooperative pool busy for longer than the step timeout, the whole catalogue passes over TCP and over stdio")
    func catalogueRunsWhilePoolIsBusy() async throws {
        let adapterPath = try #require(BuiltProducts.path("sl-reference-adapter"), Comment(rawValue: BuiltProducts.missing("sl-reference-adapter")))
        let spec = try TestSupport.shippedSpec()
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        let hogs = PoolHogs(releasesNeeded: 2)
        // As many CPU-bound tasks as the pool has threads, spinning until both runs have ended and
        // the step timeout has passed.
        let spinning = hogs.start(minimum: Self.hogFor)

        // Nothing below may need the pool: the client, both runs and their adapters start on threads of their own.
        let clientThread = SessionExecutor(name: "test-tcp-client")
        let client = Task(executorPreference: clientThread) {
            try await TCPAdapterClient.serve(
                ReferenceAppAdapter(adapterName: "reference-tcp"), host: "127.0.0.1", port: listener.port, reconnectTimeout: .seconds(300))
        }
        func run(on thread: SessionExecutor, _ makeProvider: @escaping @Sendable () -> any AdapterProvider) -> Task<
            (results: [TestCaseResult], holdingAtEnd: Int), Never
        > {
            Task(executorPreference: thread) {
                // Start once every hog holds a thread of the pool (this blocks the run's own thread only).
                hogs.waitUntilHolding()
                let results = CollectedResults()
                await Runner(spec: spec.spec, specSHA256: spec.sha256Hex, makeProvider: makeProvider).run(handler: results.take)
                // Counted on the run's own thread, before anything waits for the pool; then the hogs may go.
                let holding = hogs.holding
                hogs.release()
                return (results.all, holding)
            }
        }
        let overTCP = run(on: SessionExecutor(name: "test-tcp-run")) { ListeningAdapterProvider(listener: listener, connectTimeout: .seconds(300)) }
        let overStdio = run(on: SessionExecutor(name: "test-stdio-run")) { StdioAdapterProvider(command: adapterPath) }

        let (tcpResults, tcpHolding) = await overTCP.value
        let (stdioResults, stdioHolding) = await overStdio.value
        try await client.value
        for hog in spinning { _ = await hog.value }

        let planned = spec.spec.requirements.reduce(0) { $0 + $1.scenarios.count }
        #expect(tcpResults.count == planned && tcpResults.allSatisfy { $0.outcome == .passed }, "over TCP: \(TestSupport.unpassed(tcpResults))")
        #expect(stdioResults.count == planned && stdioResults.allSatisfy { $0.outcome == .passed }, "over stdio: \(TestSupport.unpassed(stdioResults))")
        // Both runs ended while every hog still held its thread: they never waited for the pool.
        #expect(
            tcpHolding == hogs.count && stdioHolding == hogs.count, "hogs still running when each run ended: \(tcpHolding) and \(stdioHolding) of \(hogs.count)"
        )
    }
}

/// The results of a run, as its events deliver them.
final class CollectedResults: Sendable {
    private let results = Mutex<[TestCaseResult]>([])

    /// A run's event handler.
    @Sendable func take(_ event: Event) {
        if case .testCaseEnded(let result) = event.kind { results.withLock { $0.append(result) } }
    }

    /// The results so far, in the order they ended.
    var all: [TestCaseResult] { results.withLock { $0 } }
}
