import Foundation
import SingleLoginTransport
import Testing
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport

/// App models whose adapters report only part of what they store, judged end to end by the
/// shipped catalogue with the harness reading their containers: each flaw fails as `<failure>`
/// where the user's data stays, and the conformant build, harmless files and all, passes.
@Suite("Apps whose containers the harness reads")
struct ContainerAppTests {
    /// Requirements whose scenarios check for leftovers in storage after a sign-out, a Jamf Reset
    /// and a user change (the reference app's `leavesRecordsFile` fails all three).
    static let selection = ["SL-LOGOUT-3", "SL-LOGOUT-1", "SL-SWITCH-1"]

    private func run(_ build: ContainerAppBuild, only: [String] = selection) async throws -> [TestCaseResult] {
        let container = try TemporaryDirectory()
        return try await run(only: only) { ContainerAppAdapter(build: build, container: container.url) }
    }

    /// The selected test cases' results (those not selected, and those the adapter cannot play without
    /// `concurrentCalls`, are left out).
    private func run(only: [String], _ make: @escaping @Sendable () -> ContainerAppAdapter) async throws -> [TestCaseResult] {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: only))) { InProcessAdapterProvider { make() } }
        // What the reset finds comes before the first step; an unreadable container ends the case at once.
        #expect(TestCaseEventOrder.violations(in: run.events) == [])
        return run.results.filter { if case .skipped = $0.outcome { false } else { $0.outcome.untestedReason == nil } }
    }

    @Test("the conformant build passes, with a cache of public reference data and a log kept after sign-out")
    func conformantPasses() async throws {
        let results = try await run(.conformant)
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(results))")
    }

    @Test(
        "each under-reported leftover fails every selected requirement as a failure, found in the container",
        arguments: [
            (ContainerAppBuild.unreportedCache, "cache Library/Caches/records-cache.json (read from the container)"),
            (.walRow, "file Library/Application Support/history.sqlite [SQLite] (read from the container)"),
            (.gzippedArchive, "file Library/Application Support/session.archive.gz [gzip: keyed archive] (read from the container)"),
        ])
    func flawsFail(build: ContainerAppBuild, place: String) async throws {
        let results = try await run(build)
        #expect(TestSupport.failingRequirements(results) == Set(Self.selection))
        #expect(!results.contains { $0.outcome == .errored })
        for result in results where result.outcome == .failed {
            let leftovers = result.issues.filter { $0.type == "expectation.noDataOf" }
            #expect(!leftovers.isEmpty && result.issues.allSatisfy { $0.severity == .failure }, "\(result.id): \(result.issues.map(\.message))")
            #expect(leftovers.contains { $0.observed.contains("storage \(place) holds") }, "\(result.id): \(leftovers.map(\.observed))")
        }
    }

    @Test("without the container its adapter names, the same flaw passes: the adapter's word alone hides it")
    func adapterAloneHidesTheFlaw() async throws {
        let container = try TemporaryDirectory()
        let results = try await run(only: ["SL-LOGOUT-3"]) { ContainerAppAdapter(build: .unreportedCache, container: container.url, named: .some(nil)) }
        #expect(!results.isEmpty && results.allSatisfy { $0.outcome == .passed }, "\(TestSupport.unpassed(results))")
    }

    @Test("files left after reset fail the test case, naming them")
    func filesAfterReset() async throws {
        let results = try await run(.keepsFilesOnReset, only: ["SL-LOGOUT-3"])
        #expect(!results.isEmpty)
        for result in results {
            #expect(result.outcome == .failed)
            let issue = try #require(result.issues.first { $0.kind == .containerNotEmptyAfterReset })
            #expect(issue.severity == .failure)
            #expect(issue.message == "the app's data container is not empty after reset (a fresh install has no files): Library/Caches/store-hours.json")
            #expect(issue.observed == "files in the container after reset:\nLibrary/Caches/store-hours.json")
        }
    }

    @Test("a container that is not there makes the test case an error naming it")
    func missingContainer() async throws {
        let container = try TemporaryDirectory()
        let missing = container.url.appendingPathComponent("not-there")
        let results = try await run(only: ["SL-LOGOUT-3"]) { ContainerAppAdapter(build: .conformant, container: container.url, named: missing.path) }
        #expect(!results.isEmpty)
        for result in results {
            #expect(result.outcome == .errored)
            #expect(result.issues.map(\.kind) == [.containerUnreadable])
            #expect(result.issues.first?.message == "the app's data container '\(missing.path)' cannot be read: no such directory")
        }
    }
}
