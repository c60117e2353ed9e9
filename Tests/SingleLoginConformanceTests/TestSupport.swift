import Foundation
import SingleLoginTransport
import Synchronization
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport

/// Paths and helpers shared by the engine's tests.
enum TestSupport {
    /// The repository's root.
    static var repositoryRoot: URL { Repository.root }

    /// The shipped catalogue.
    static func shippedSpec() throws -> LoadedSpec {
        try shipped.get()
    }

    /// Loaded once: dozens of tests (and each case of the variant tables) start from it.
    private static let shipped = Result { try SpecLoader.load(path: repositoryRoot.appendingPathComponent("specs/single-login.json").path) }

    /// A spec of one MUST requirement `requirementID`, with alice as its only account and the
    /// scenarios `scenarios` (a JSON array), for a test that needs a scenario of its own.
    static func spec(_ requirementID: String, scenarios: String) throws -> LoadedSpec {
        let text = """
            {"formatVersion": "1.2", "id": "test", "version": "1.0.0", "title": "Test",
             "accounts": {"alice": {"username": "alice.adams@contoso.example", "displayName": "Alice Adams"}},
             "requirements": [{"id": "\(requirementID)", "level": "MUST", "title": "t", "rationale": "r",
               "references": [{"title": "t", "url": "https://example.com"}], "tags": [], "scenarios": \(scenarios)}]}
            """
        return try SpecLoader.load(bytes: Array(text.utf8), file: "\(requirementID).json")
    }

    /// Runs `spec` and returns every event and the results.
    static func run(_ spec: LoadedSpec, options: Runner.Options = .init(), makeProvider: @escaping @Sendable () -> any AdapterProvider) async -> (
        events: [Event], results: [TestCaseResult], summary: RunSummary
    ) {
        let collected = Mutex<[Event]>([])
        let runner = Runner(spec: spec.spec, specSHA256: spec.sha256Hex, options: options, makeProvider: makeProvider)
        let summary = await runner.run { event in collected.withLock { $0.append(event) } }
        let events = collected.withLock { $0 }
        let results = events.compactMap { event -> TestCaseResult? in
            if case .testCaseEnded(let result) = event.kind { return result }
            return nil
        }
        return (events, results, summary)
    }

    /// The requirement IDs none of whose test cases failed or errored, but at least one of which was
    /// not judged: a failed precondition kept it from being judged, so it is not passed either.
    static func notJudgedRequirements(_ results: [TestCaseResult]) -> Set<String> {
        let failing = failingRequirements(results)
        return Set(results.filter { if case .notJudged = $0.outcome { !failing.contains($0.id.requirementID) } else { false } }.map(\.id.requirementID))
    }

    /// The test cases that did not pass, with their issues, for messages.
    static func unpassed(_ results: [TestCaseResult]) -> [String] {
        results.filter { $0.outcome != .passed }.map { "\($0.id): \($0.issues.map(\.message))" }
    }

    /// The requirement IDs whose test cases failed or errored.
    static func failingRequirements(_ results: [TestCaseResult]) -> Set<String> {
        Set(results.filter { $0.outcome == .failed || $0.outcome == .errored }.map(\.id.requirementID))
    }
}
