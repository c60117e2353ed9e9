import Foundation
@testable import SingleLoginTransport
import Testing
import SingleLoginAdapter
import SingleLoginContainer
@testable import SingleLoginConformance
import SingleLoginSpec
import SingleLoginTestSupport

/// How the container's items join the adapter's observation.
@Suite("The container's items beside the adapter's")
struct ContainerMergeTests {
    @Test("they follow the adapter's own items; an adapter cannot mark its own items as read from the container")
    func merged() {
        let reported = Observation(running: true, signedInAccount: nil, screen: [], storage: [StoredItem(.file, "Documents/a.json", "{}", source: .container)])
        let snapshot = ContainerSnapshot(files: ["Library/b.txt"], items: [StoredItem(.file, "Library/b.txt", "b", source: .container)])
        let merged = ContainerWatch.merged(reported, snapshot)
        #expect(merged.storage.map(\.key) == ["Documents/a.json", "Library/b.txt"])
        #expect(merged.storage.map(\.source) == [nil, .container])
        #expect(ContainerWatch.merged(reported, nil).storage.map(\.source) == [nil])
        #expect(merged.storage[1].placeDescription == "file Library/b.txt (read from the container)")
    }

    @Test("the container is walked after reset and after every step, broker steps too")
    func walkedAfterEveryStep() async throws {
        let container = try TemporaryDirectory()
        let spec = try TestSupport.shippedSpec().spec
        let provider = InProcessAdapterProvider { ContainerAppAdapter(build: .conformant, container: container.url) }
        let execution = TestCaseExecution(spec: spec, provider: provider)
        let (planned, scenario) = try #require(RunSelection(only: ["SL-LOGOUT-1"]).plan(for: spec).first { $0.0.skipReason == nil })
        let result = await withTaskExecutorPreference(provider.taskExecutor) { await execution.run(planned, scenario) { _ in } }
        #expect(result.outcome == .passed, "\(result.issues.map(\.message))")
        #expect(scenario.steps.contains { if case .app = $0.action { false } else { true } }, "the scenario has a broker step")
        #expect(execution.containers.cost.walks == scenario.steps.count + 1)
    }
}
