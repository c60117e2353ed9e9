import Foundation
import SingleLoginEvents
@testable import SingleLoginPreflight
import Testing

@Suite("Preflight events")
struct PreflightEventTests {
    @Test("a run emits runStarted with kind preflight, then started/issues/ended per check in spec order, then runEnded")
    func eventOrder() throws {
        let root = try FixtureProject.materialize(variant: "MissingMsauthv3")
        defer { FixtureProject.remove(root) }
        let spec = PreflightFixtureTests.spec
        var events: [Event.Kind] = []
        let report = Preflight.run(project: .project(root.path), spec: spec, hostname: "ci-host") { events.append($0.kind) }

        guard case let .runStarted(context, plan) = events.first else { Issue.record("first event is not runStarted"); return }
        #expect(context.kind == .preflight)
        #expect(context.specID == "single-login-preflight")
        #expect(context.specSHA256 == spec.sha256Hex)
        #expect(context.hostname == "ci-host")
        #expect(plan.map(\.id.requirementID) == spec.checks.map(\.id))
        #expect(plan.allSatisfy { $0.id.scenarioName == "static configuration" })

        var ended: [String] = []
        var issues: [(String, SingleLoginEvents.Issue)] = []
        for kind in events {
            if case let .testCaseEnded(result) = kind { ended.append(result.id.requirementID) }
            if case let .issueRecorded(id, issue) = kind { issues.append((id.requirementID, issue)) }
        }
        #expect(ended == spec.checks.map(\.id))
        #expect(issues.map(\.0) == ["PF-QUERY-SCHEMES"])
        #expect(issues.first?.1.observed == "Shiftboard/Info.plist LSApplicationQueriesSchemes: msauthv2")
        #expect(issues.first?.1.location == spec.checks[1].location)
        guard case let .runEnded(summary) = events.last else { Issue.record("last event is not runEnded"); return }
        #expect(summary == report.summary)
        #expect(summary.failedMust == 1 && summary.passed == spec.checks.count - 1)
        #expect(report.exitStatus == .requirementFailures)
    }

    @Test("explicit files only: checks whose files were not given are skipped, the others run")
    func explicitFilesOnly() throws {
        let root = try FixtureProject.materialize(variant: nil)
        defer { FixtureProject.remove(root) }
        let input = PreflightInput(infoPlist: root.appendingPathComponent("Shiftboard/Info.plist").path)
        let report = Preflight.run(project: input, spec: PreflightFixtureTests.spec) { _ in }
        let outcomes = Dictionary(uniqueKeysWithValues: report.results.map { ($0.id.requirementID, $0.outcome) })
        #expect(outcomes["PF-REDIRECT"] == .passed)
        #expect(outcomes["PF-QUERY-SCHEMES"] == .passed)
        #expect(outcomes["PF-KEYCHAIN"] == .skipped(reason: "no entitlements file given (no project directory to walk, and no entitlements file named)"))
        #expect(
            outcomes["PF-MSAL-VERSION"] == .skipped(reason: "no Package.resolved or Podfile.lock given (no project directory to walk, and no lock file named)"))
        #expect(outcomes["PF-HANDLE-RESPONSE"] == .skipped(reason: "not checked: no project directory given, so sources cannot be searched (use --project)"))
    }

    @Test("a project.pbxproj alone leads to the Info.plist and entitlements its app target names")
    func pbxprojNamesFiles() throws {
        let root = try FixtureProject.materialize(variant: "KeychainWithoutPrefix")
        defer { FixtureProject.remove(root) }
        let input = PreflightInput(pbxproj: root.appendingPathComponent("Shiftboard.xcodeproj/project.pbxproj").path)
        let report = Preflight.run(project: input, spec: PreflightFixtureTests.spec) { _ in }
        let outcomes = Dictionary(uniqueKeysWithValues: report.results.map { ($0.id.requirementID, $0.outcome) })
        #expect(outcomes["PF-REDIRECT"] == .passed)
        #expect(outcomes["PF-KEYCHAIN"] == .failed)
        let observed = report.results.first { $0.id.requirementID == "PF-KEYCHAIN" }?.issues.first?.observed ?? ""
        #expect(observed.contains("(com.microsoft.adalcache lacks the $(AppIdentifierPrefix) prefix)"), "\(observed)")
    }

    @Test("an Info.plist alone with an unexpandable scheme errors, naming the missing setting")
    func unresolvedBundleID() throws {
        let root = try FixtureProject.materialize(variant: "WrongBundleIDScheme")
        defer { FixtureProject.remove(root) }
        // No project file: the template cannot be expanded and the literal scheme cannot be judged.
        let input = PreflightInput(infoPlist: root.appendingPathComponent("Shiftboard/Info.plist").path)
        let report = Preflight.run(project: input, spec: PreflightFixtureTests.spec) { _ in }
        let result = try #require(report.results.first { $0.id.requirementID == "PF-REDIRECT" })
        #expect(result.outcome == .errored)
        #expect(result.issues.first?.type == "preflight.unresolvedSetting")
        #expect(result.issues.first?.message.contains("$(PRODUCT_BUNDLE_IDENTIFIER)") == true)
    }

    @Test("a scheme written with the same build setting as the template passes without a project file")
    func unexpandedButIdentical() throws {
        let root = try FixtureProject.materialize(variant: nil)
        defer { FixtureProject.remove(root) }
        let input = PreflightInput(infoPlist: root.appendingPathComponent("Shiftboard/Info.plist").path)
        let report = Preflight.run(project: input, spec: PreflightFixtureTests.spec) { _ in }
        #expect(report.results.first { $0.id.requirementID == "PF-REDIRECT" }?.outcome == .passed)
    }
}
