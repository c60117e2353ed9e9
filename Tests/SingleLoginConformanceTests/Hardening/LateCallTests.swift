import Foundation
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport
import Synchronization
import Testing
import SingleLoginTestSupport

/// A call the app makes under a request of a test case that has ended (protocol 1.6,
/// `concurrentCalls`) is a finding of that test case, and of no other; after the next test case's
/// reset has been answered it is a warning of the run.
@Suite("A late call is a finding of the test case it was made in, never of another")
struct LateCallTests {
    struct Run {
        var results: [TestCaseResult]
        var events: [Event]
        var summary: RunSummary
    }

    /// Runs the exercise spec's first `scenarios` test cases against the fake adapter with `fault`;
    /// with `container`, its adapters have their data container named by the harness, as `run --simulator` does.
    static func run(scenarios: Int, fault: String, options: Runner.Options = Runner.Options(), container: String? = nil) async throws -> Run {
        let adapter = try #require(BuiltProducts.path("sl-fake-adapter"), Comment(rawValue: BuiltProducts.missing("sl-fake-adapter")))
        let spec = ExerciseSpec.load(scenarios: scenarios)
        let timeouts = AdapterTimeouts(handshake: .seconds(60), step: .seconds(20), scenario: .seconds(60))
        let stdio = StdioAdapterProvider(command: "\(adapter) --fault \(fault)", timeouts: timeouts)
        let provider: any AdapterProvider = container.map { ContainerNamingProvider(stdio, directory: $0) } ?? stdio
        let runner = Runner(spec: spec.spec, specSHA256: spec.sha256Hex, provider: provider, options: options)
        let events = Mutex<[Event]>([])
        let summary = await runner.run { event in events.withLock { $0.append(event) } }
        let all = events.withLock { $0 }
        let results = all.compactMap { event -> TestCaseResult? in
            if case .testCaseEnded(let result) = event.kind { result } else { nil }
        }
        return Run(results: results, events: all, summary: summary)
    }

    @Test(
        "a call under the ended test case's last request, before the next reset is answered, fails that test case alone",
        arguments: [false, true])
    func beforeNextReset(containerNamedByHarness: Bool) async throws {
        let directory = try TemporaryDirectory()
        let run = try await Self.run(scenarios: 3, fault: "late-call@reset:2", container: containerNamedByHarness ? directory.url.path : nil)
        try #require(run.results.count == 3)
        let first = run.results[0]
        let late = try #require(first.issues.first { $0.kind == .appLateCall }, "\(first.issues.map(\.message))")
        #expect(first.outcome == .failed)
        #expect(late.severity == .failure)
        #expect(late.message.contains("'msal.getCurrentAccount', made under request"), "\(late.message)")
        #expect(late.message.contains("arrived after the test case ended: the app's task outlived the case"), "\(late.message)")
        #expect(late.stepIndex != nil, "the request it names is one of the test case's steps")
        // The next test cases are not touched by it.
        #expect(run.results[1].outcome == .passed, "\(run.results[1].issues.map(\.message))")
        #expect(run.results[2].outcome == .passed, "\(run.results[2].issues.map(\.message))")
        #expect(run.summary.lateCalls.isEmpty)
        #expect(ExitStatus(summary: run.summary, gate: .mustAndShould) == .requirementFailures)
        // Reports see the finding as any other: recorded before the test case's end, and in plan order.
        let firstEvents = run.events.map(\.kind).compactMap { kind -> String? in
            switch kind {
            case .issueRecorded(let id, let issue) where id == first.id: "issue \(issue.type)"
            case .testCaseEnded(let result): "ended \(result.id.scenarioName)"
            default: nil
            }
        }
        #expect(firstEvents == ["issue app.lateCall", "ended scenario 1", "ended scenario 2", "ended scenario 3"], "\(firstEvents)")
    }

    @Test("a call that comes after the next test case's reset was answered is a warning of the run, and changes no verdict")
    func afterNextReset() async throws {
        // The second launch is the second test case's first event: its reset has been answered.
        let run = try await Self.run(scenarios: 2, fault: "late-call@event:launch:2")
        try #require(run.results.count == 2)
        #expect(run.results.allSatisfy { $0.outcome == .passed }, "\(run.results.map { ($0.outcome, $0.issues.map(\.message)) })")
        #expect(run.summary.lateCalls.count == 1)
        #expect(run.summary.lateCalls.first?.contains("'msal.getCurrentAccount', made under request") == true, "\(run.summary.lateCalls)")
        // It names the test case it was made in: the first, whose result was final.
        #expect(run.summary.lateCalls.first?.contains(") in \(run.results[0].id), arrived after") == true, "\(run.summary.lateCalls)")
        #expect(ExitStatus(summary: run.summary, gate: .mustAndShould) == .passed)
    }

    @Test("with --fail-fast, a test case its late call fails stops the run once its window has closed")
    func failFast() async throws {
        let run = try await Self.run(scenarios: 3, fault: "late-call@reset:2", options: Runner.Options(failFast: true))
        try #require(run.results.count == 3)
        #expect(run.results[0].outcome == .failed)
        // The second test case closed the first one's window: it ran, and passed; the third did not run.
        #expect(run.results[1].outcome == .passed)
        #expect(run.results[2].outcome == .skipped(reason: "fail-fast: the run stopped after \(run.results[0].id) failed"), "\(run.results[2].outcome)")
    }

    @Test("the last test case's window closes with the answer to shutdown")
    func beforeShutdown() async throws {
        let run = try await Self.run(scenarios: 2, fault: "late-call@shutdown")
        try #require(run.results.count == 2)
        #expect(run.results[0].outcome == .passed, "\(run.results[0].issues.map(\.message))")
        #expect(run.results[1].outcome == .failed)
        #expect(run.results[1].issues.map(\.kind) == [.appLateCall], "\(run.results[1].issues.map(\.message))")
    }
}
