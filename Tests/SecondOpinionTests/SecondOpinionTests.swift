import Foundation
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport
import Synchronization
import Testing

/// The shipped catalogue judged against an app it was not shaped around.
@Suite("A second opinion: Field Notes, an app unlike the reference app")
struct SecondOpinionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped catalogue, loaded once.
    static let catalogue = Result { try SpecLoader.load(path: root.appendingPathComponent("specs/single-login.json").path) }

    /// Each build's results, run once however many tests ask for them (explore's are compared with them).
    static let runs = CatalogueRuns()

    static func run(_ build: FieldNotesBuild) async throws -> [TestCaseResult] {
        try await runs.results(of: "\(build.name) \(build.mistakes)") {
            let spec = try catalogue.get()
            let results = Mutex<[TestCaseResult]>([])
            let runner = Runner(spec: spec.spec, specSHA256: spec.sha256Hex) { InProcessAdapterProvider { FieldNotesAdapter(build) } }
            await runner.run { event in
                if case .testCaseEnded(let result) = event.kind { results.withLock { $0.append(result) } }
            }
            return results.withLock { $0 }
        }
    }

    static func describe(_ results: [TestCaseResult]) -> String {
        results.filter { $0.outcome != .passed }.map { "\($0.id) \($0.outcome): \($0.issues.map(\.message).joined(separator: "; "))" }.joined(separator: "\n")
    }

    @Test("every conformant build passes every requirement", .serialized, arguments: FieldNotesBuild.conformant)
    func conformantBuildPasses(build: FieldNotesBuild) async throws {
        let results = try await Self.run(build)
        #expect(!results.isEmpty)
        // Field Notes declares no concurrentCalls: the scenarios that hold an answer (SL-INFLIGHT-1's,
        // and one each of SL-LOGOUT-2, SL-SWITCH-1 and SL-SWITCH-3) are untested, saying so.
        let spec = try Self.catalogue.get().spec
        let holding = Set(spec.testCaseIDs(where: \.holdsAnswers))
        let judged = results.filter { !holding.contains($0.id) }
        #expect(judged.allSatisfy { $0.outcome == .passed }, "\(Self.describe(results))")
        #expect(results.filter { holding.contains($0.id) }.allSatisfy { $0.outcome.untestedReason != nil })
        #expect(results.count - judged.count == 28)
    }

    @Test(
        "every flawed build fails, as failures (never errors), at least the requirements its mistake is about", .serialized, arguments: FieldNotesBuild.flawed)
    func flawedBuildFails(build: FieldNotesBuild) async throws {
        let results = try await Self.run(build)
        let failing = Set(results.filter { $0.outcome == .failed }.map(\.id.requirementID))
        #expect(!failing.isEmpty, "the mistake passed the whole spec")
        #expect(build.targets.isSubset(of: failing), "missed: \(build.targets.subtracting(failing).sorted()); failing: \(failing.sorted())")
        #expect(results.allSatisfy { $0.outcome != .errored }, "\(Self.describe(results.filter { $0.outcome == .errored }))")
        if ProcessInfo.processInfo.environment["SECOND_OPINION_FIGURES"] != nil {
            let order = try SpecLoader.load(path: Self.root.appendingPathComponent("specs/single-login.json").path).spec.requirements.map(\.id)
            let blocked = Set(
                results.compactMap { if case .notJudged = $0.outcome, !failing.contains($0.id.requirementID) { $0.id.requirementID } else { nil } })
            print(
                "second-opinion \(build.mistakes.map(\.rawValue).joined()): \(order.filter(failing.contains).joined(separator: ", "))"
                    + (blocked.isEmpty ? "" : "; not judged: \(order.filter(blocked.contains).joined(separator: ", "))"))
        }
    }

    @Test("every mistake has a flawed build with the requirements it is about")
    func everyMistakeHasABuild() {
        #expect(Set(FieldNotesBuild.flawed.flatMap(\.mistakes)) == Set(FieldNotesBuild.Mistake.allCases))
        #expect(FieldNotesBuild.flawed.allSatisfy { !$0.targets.isEmpty })
    }
}

/// The catalogue's results for each build, computed once.
actor CatalogueRuns {
    private var runs: [String: Task<[TestCaseResult], any Error>] = [:]

    func results(of key: String, _ run: @escaping @Sendable () async throws -> [TestCaseResult]) async throws -> [TestCaseResult] {
        if let task = runs[key] { return try await task.value }
        let task = Task { try await run() }
        runs[key] = task
        return try await task.value
    }
}
