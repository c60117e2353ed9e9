import Foundation
@testable import SingleLoginTransport
import Synchronization
import Testing
import SingleLoginEvents
@testable import SingleLoginConformance
import SingleLoginSpec
import SingleLoginTestSupport

/// stderr belongs to the adapter's process; the harness attributes it to test cases.
@Suite("Each test case's evidence holds the stderr written during it, and a crash's holds its stack trace")
struct StderrAttributionTests {
    /// Runs `spec` against `command` over stdio and returns the results.
    static func run(_ spec: LoadedSpec, command: String, selection: RunSelection = RunSelection()) async -> [TestCaseResult] {
        let timeouts = AdapterTimeouts(handshake: .seconds(8), step: .seconds(8), scenario: .seconds(30))
        let provider = StdioAdapterProvider(command: command, timeouts: timeouts)
        let runner = Runner(spec: spec.spec, specSHA256: spec.sha256Hex, provider: provider, options: Runner.Options(selection: selection))
        let results = Mutex<[TestCaseResult]>([])
        await runner.run { event in
            if case .testCaseEnded(let result) = event.kind { results.withLock { $0.append(result) } }
        }
        return results.withLock { $0 }
    }

    @Test("an error's stderr block holds only what the adapter wrote since the previous test case ended")
    func errorHoldsOnlyItsTestCase() async throws {
        let adapter = try #require(BuiltProducts.path("sl-fake-adapter"), Comment(rawValue: BuiltProducts.missing("sl-fake-adapter")))
        // The first test case's requests are 2 to 5 (reset, launch, tapSignOut, the broadcast it caused);
        // the second test case's reset, request 6, ends the adapter.
        let results = await Self.run(ExerciseSpec.load(scenarios: 2), command: "\(adapter) --fault exit:4@reset:2")
        let second = try #require(results.dropFirst().first)
        let error = try #require(second.issues.first { $0.severity == .error })
        #expect(results.first?.outcome == .passed)
        #expect(second.outcome == .errored && error.type == "adapter.exited")
        #expect(error.observed.contains("(request #6)"), "\(error.observed)")
        for earlier in 2...5 { #expect(!error.observed.contains("(request #\(earlier))"), "\(error.observed)") }
        #expect(!second.adapterLog.contains("(request #3)"))
        #expect(results.first?.adapterLog.contains("(request #3)") == true)
    }

    @Test("a crash's failure carries the stack trace the adapter logged during that test case")
    func crashCarriesStackTrace() async throws {
        let spec = try TestSupport.shippedSpec()
        let script = TestSupport.repositoryRoot.appendingPathComponent("Examples/python-adapter/adapter.py").path
        let results = await Self.run(spec, command: "python3 '\(script)' --flaw force-unwrap-idtoken", selection: RunSelection(only: ["SL-TOKEN-1"]))
        let crashed = results.filter { $0.issues.contains { $0.type == "app.crashed" } }
        #expect(!crashed.isEmpty, "\(results.map { ($0.id.scenarioName, $0.outcome, $0.issues.map(\.message)) })")
        for result in crashed {
            let issue = try #require(result.issues.first { $0.type == "app.crashed" })
            #expect(result.outcome == .failed)
            #expect(issue.observed.hasPrefix("running: false, crashed: true\nadapter stderr (this test case, last lines):\n"), "\(issue.observed)")
            #expect(issue.observed.contains("Traceback (most recent call last)"), "\(issue.observed)")
            #expect(result.adapterLog.contains("the app crashed"))
        }
    }
}
