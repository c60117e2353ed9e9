import Foundation
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginTransport
import Testing
import SingleLoginTestSupport

/// An adapter over the wire whose data container the harness names (`run --simulator`) is served
/// as any adapter over the wire: the answers its session holds and its late calls included.
@Suite("An adapter whose container the harness names is still served over the wire")
struct ContainerNamedWireTests {
    @Test("the reference app over stdio, its container named by the harness, passes work in flight as it does without")
    func heldAnswers() async throws {
        let adapter = try #require(BuiltProducts.path("sl-reference-adapter"), Comment(rawValue: BuiltProducts.missing("sl-reference-adapter")))
        let directory = try TemporaryDirectory()
        let spec = try TestSupport.shippedSpec()
        let options = Runner.Options(selection: RunSelection(only: ["SL-INFLIGHT-1"]))
        let timeouts = AdapterTimeouts(handshake: .seconds(60), step: .seconds(60), scenario: .seconds(120))
        let run = await TestSupport.run(spec, options: options) {
            ContainerNamingProvider(StdioAdapterProvider(command: adapter, timeouts: timeouts), directory: directory.url.path)
        }
        let inFlight = run.results.filter { $0.id.requirementID == "SL-INFLIGHT-1" }
        #expect(inFlight.count >= 10)
        #expect(inFlight.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(inFlight))")
        // The harness read the container it named: the adapter's identity carries it.
        let named = run.events.compactMap { event -> String? in
            if case .adapterIdentified(let identity) = event.kind { identity.dataContainer } else { nil }
        }
        #expect(!named.isEmpty && named.allSatisfy { $0 == directory.url.path })
    }
}
