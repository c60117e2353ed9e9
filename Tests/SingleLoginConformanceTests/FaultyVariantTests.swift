import Foundation
import Testing
import ReferenceApp
import SingleLoginConformance
import SingleLoginEvents

/// Each faulty variant of the reference app and the exact requirements the shipped spec fails it on.
/// The README's table is this table.
let faultyVariantTable: [(ReferenceAppFlaw, Set<String>)] = [
    (.promptsAtLaunch, ["SL-LOGIN-1", "SL-LOGIN-2", "SL-LOGIN-5", "SL-LOGIN-6"]),
    (.leavesNameOnScreen, ["SL-LOGOUT-1", "SL-LOGOUT-2", "SL-LOGOUT-3"]),
    (.leavesRecordsFile, ["SL-LOGOUT-1", "SL-LOGOUT-2", "SL-LOGOUT-3"]),
    (.keepsDataOnUserChange, ["SL-SWITCH-1", "SL-SWITCH-2"]),
    (.showsCancelAsError, ["SL-CANCEL-1"]),
    (.crashesOnMissingIdToken, ["SL-TOKEN-1"]),
    (.ignoresBroadcast, ["SL-LOGOUT-1", "SL-SWITCH-1", "SL-SWITCH-2", "SL-BROADCAST-2"]),
    (.skipsCheckOnResume, ["SL-LOGOUT-2"]),
    (.promptsOnNetworkError, ["SL-LOGIN-5", "SL-LOGIN-6"]),
    (.wipesOnUnchangedBroadcast, ["SL-BROADCAST-1", "SL-BROADCAST-2"]),
    (.showsSignUpWhenShared, ["SL-DETECT-2"]),
    (.skipsDeviceInformation, ["SL-DETECT-1"]),
    (.asksScopesLate, ["SL-SCOPES-1"]),
]

@Suite("The reference app and its faulty variants against the shipped spec")
struct FaultyVariantTests {
    @Test("the reference app passes every requirement in process")
    func referencePassesInProcess() async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec) { InProcessAdapterProvider { ReferenceAppAdapter() } }
        #expect(run.results.count == spec.spec.requirements.reduce(0) { $0 + $1.scenarios.count })
        #expect(run.results.allSatisfy { $0.outcome == .passed }, "\(run.results.filter { $0.outcome != .passed }.map { "\($0.id): \($0.issues.map(\.message))" })")
        #expect(ExitStatus(summary: run.summary, gate: .mustAndShould) == .passed)
    }

    @Test("every flaw is in the table")
    func tableCoversEveryFlaw() {
        #expect(Set(faultyVariantTable.map(\.0)) == Set(ReferenceAppFlaw.allCases))
    }

    @Test("each faulty variant fails exactly the requirements it violates", arguments: faultyVariantTable)
    func variantFailsExactly(flaw: ReferenceAppFlaw, expected: Set<String>) async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [flaw]) } }
        #expect(TestSupport.failingRequirements(run.results) == expected)
        // A flaw is the app's fault: failures, never adapter errors.
        #expect(run.results.allSatisfy { $0.outcome != .errored })
        #expect(ExitStatus(summary: run.summary, gate: .mustAndShould) == .requirementFailures)
    }

    @Test("a variant failing only SHOULD requirements passes the gate under --level must")
    func shouldOnlyFailuresWarnUnderMustGate() async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.wipesOnUnchangedBroadcast]) } }
        #expect(run.summary.failedShould > 0 && run.summary.failedMust == 0)
        #expect(ExitStatus(summary: run.summary, gate: .mustOnly) == .passed)
        #expect(ExitStatus(summary: run.summary, gate: .mustAndShould) == .requirementFailures)
    }

    @Test("a failure carries its evidence: the step, expected against observed, and the transcript")
    func failureCarriesEvidence() async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-LOGOUT-3"]))) {
            InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.leavesRecordsFile]) }
        }
        let failed = try #require(run.results.first { $0.outcome == .failed })
        let issue = try #require(failed.issues.first { $0.type == "expectation.noDataOf" })
        #expect(issue.observed.contains("storage file Documents/records.json holds alice's session 1 marker"))
        #expect(issue.location?.file.hasSuffix("single-login.json") == true)
        #expect(failed.transcript.contains { $0.method == .signout })
    }
}

@Suite("The stdio transport with the reference adapter")
struct StdioReferenceTests {
    @Test("the reference adapter passes every requirement over stdio, also with several jobs", arguments: [1, 3])
    func referencePassesOverStdio(jobs: Int) async throws {
        let adapter = try #require(TestSupport.builtExecutable("sl-reference-adapter"), "build the package first: swift build")
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(jobs: jobs)) { StdioAdapterProvider(command: "'\(adapter.path)'") }
        #expect(!run.results.isEmpty)
        #expect(run.results.allSatisfy { $0.outcome == .passed }, "\(run.results.filter { $0.outcome != .passed }.map { "\($0.id): \($0.issues.map(\.message))" })")
        let identities = run.events.compactMap { event -> String? in
            if case .adapterIdentified(let identity) = event.kind { return identity.adapterName }
            return nil
        }
        #expect(identities == ["reference-stdio"])
    }

    @Test("a faulty variant over stdio fails the same requirements as in process", arguments: [ReferenceAppFlaw.leavesNameOnScreen, .crashesOnMissingIdToken])
    func variantOverStdio(flaw: ReferenceAppFlaw) async throws {
        let adapter = try #require(TestSupport.builtExecutable("sl-reference-adapter"), "build the package first: swift build")
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec) { StdioAdapterProvider(command: "'\(adapter.path)' --flaw \(flaw.rawValue)") }
        let expected = try #require(faultyVariantTable.first { $0.0 == flaw }?.1)
        #expect(TestSupport.failingRequirements(run.results) == expected)
    }
}
