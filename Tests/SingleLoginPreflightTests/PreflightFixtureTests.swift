import Foundation
import SingleLoginEvents
@testable import SingleLoginPreflight
import Testing

/// One fixture project and exactly the checks it must fail.
struct FixtureCase: CustomTestStringConvertible, Sendable {
    /// The variant laid over the conformant project, or nil for the project itself.
    var variant: String?
    /// Whether the Info.plist is converted to binary form first.
    var binaryInfoPlist = false
    /// The check IDs that must fail or error, in spec order; every other check must pass.
    var unmet: [String]

    var testDescription: String {
        (variant ?? "Conformant") + (binaryInfoPlist ? " (binary Info.plist)" : "") + " -> " + (unmet.isEmpty ? "all pass" : unmet.joined(separator: ", "))
    }
}

@Suite("Preflight on fixture projects")
struct PreflightFixtureTests {
    static let spec: PreflightSpec = try! PreflightSpecLoader.load(path: FixtureProject.specPath)

    /// Each fixture and its exact failing check IDs.
    static let table: [FixtureCase] = [
        FixtureCase(variant: nil, unmet: []),
        FixtureCase(variant: nil, binaryInfoPlist: true, unmet: []),
        FixtureCase(variant: "CocoaPodsConformant", unmet: []),
        // The bundle id set only in an .xcconfig (with an #include and a setting it expands).
        FixtureCase(variant: "BundleIDInXcconfig", unmet: []),
        FixtureCase(variant: "WrongBundleIDInXcconfig", unmet: ["PF-REDIRECT"]),
        FixtureCase(variant: "MissingRedirectScheme", unmet: ["PF-REDIRECT"]),
        FixtureCase(variant: "WrongBundleIDScheme", unmet: ["PF-REDIRECT"]),
        FixtureCase(variant: "MissingMsauthv3", unmet: ["PF-QUERY-SCHEMES"]),
        FixtureCase(variant: "KeychainWithoutPrefix", unmet: ["PF-KEYCHAIN"]),
        FixtureCase(variant: "MalformedEntitlements", unmet: ["PF-KEYCHAIN"]),
        FixtureCase(variant: "PodfileLockOldMSAL", unmet: ["PF-MSAL-VERSION"]),
        FixtureCase(variant: "PackageResolvedV1OldMSAL", unmet: ["PF-MSAL-VERSION"]),
        FixtureCase(variant: "PackageResolvedV3OldMSAL", unmet: ["PF-MSAL-VERSION"]),
        FixtureCase(variant: "NoHandleMSALResponse", unmet: ["PF-HANDLE-RESPONSE"]),
        FixtureCase(variant: "MissingInfoPlist", unmet: ["PF-REDIRECT", "PF-QUERY-SCHEMES"]),
        FixtureCase(variant: "MalformedInfoPlist", unmet: ["PF-REDIRECT", "PF-QUERY-SCHEMES"]),
        // The broker turned off in sources (docs/broker-fidelity.md, "Broker availability").
        FixtureCase(variant: "BrokerDisabled", unmet: ["PF-BROKER-AVAILABILITY"]),
        FixtureCase(variant: "BrokerDisabledObjC", unmet: ["PF-BROKER-AVAILABILITY"]),
        FixtureCase(variant: "BrokerDisabledInComment", unmet: []),
        FixtureCase(variant: "KnownAuthorities", unmet: ["PF-KNOWN-AUTHORITIES"]),
    ]

    @Test("each fixture fails exactly the checks it breaks", arguments: table)
    func fixtureFailsExactly(_ fixture: FixtureCase) throws {
        let root = try FixtureProject.materialize(variant: fixture.variant, binaryInfoPlist: fixture.binaryInfoPlist)
        defer { FixtureProject.remove(root) }
        let report = Preflight.run(project: .project(root.path), spec: Self.spec) { _ in }
        let details = report.results.flatMap(\.issues).map { "\($0.type): \($0.message)" }.joined(separator: "\n")
        #expect(report.unmetCheckIDs == fixture.unmet, "\(details)")
        #expect(report.results.count == Self.spec.checks.count)
        #expect(report.results.allSatisfy { $0.outcome == .passed || $0.outcome == .failed }, "no check errors or skips on a project directory")
    }

    @Test("a source that turns the broker off is named with its file and line")
    func brokerDisabledEvidence() throws {
        let root = try FixtureProject.materialize(variant: "BrokerDisabledObjC")
        defer { FixtureProject.remove(root) }
        let report = Preflight.run(project: .project(root.path), spec: Self.spec) { _ in }
        let issue = try #require(report.results.first { $0.id.requirementID == "PF-BROKER-AVAILABILITY" }?.issues.first)
        #expect(issue.severity == .failure)
        #expect(issue.type == "preflight.sourceForbidden")
        #expect(issue.observed.contains("Shiftboard/MsalPlugin.m:8: MSALGlobalConfig.brokerAvailability = MSALBrokeredAvailabilityNone;"))
        // In words: what was found and where, relative to the project; no regular expression, no absolute path.
        #expect(issue.message == "found in Shiftboard/MsalPlugin.m:8: MSALGlobalConfig.brokerAvailability = MSALBrokeredAvailabilityNone;", "\(issue.message)")
        let check = try #require(Self.spec.checks.first { $0.id == "PF-BROKER-AVAILABILITY" })
        #expect(issue.expected == check.summary.title)
        for text in [issue.message, issue.expected, issue.observed] {
            #expect(!text.contains("\\b") && !text.contains("/\\"), "no regular expression: \(text)")
            #expect(!text.contains(root.path) && !text.contains(root.resolvingSymlinksInPath().path), "no absolute path: \(text)")
        }
    }

    @Test("a project directory given as a relative path (the walk finds absolute ones) still shows paths relative to it")
    func relativeProjectDirectory() throws {
        let root = try FixtureProject.materialize(variant: "BrokerDisabledObjC")
        defer { FixtureProject.remove(root) }
        // Relative to the working directory, by climbing to / (not by changing it: tests run in parallel in one process).
        let depth = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents.count - 1
        let written = String(repeating: "../", count: depth) + root.standardizedFileURL.path.dropFirst()
        #expect(!written.hasPrefix("/"))
        let report = Preflight.run(project: .project(written), spec: Self.spec) { _ in }
        let issue = try #require(report.results.first { $0.id.requirementID == "PF-BROKER-AVAILABILITY" }?.issues.first)
        #expect(issue.message.hasPrefix("found in Shiftboard/MsalPlugin.m:8: "), "\(issue.message)")
    }

    @Test("a binary Info.plist is read as binary")
    func binaryInfoPlistIsRead() throws {
        let root = try FixtureProject.materialize(variant: nil, binaryInfoPlist: true)
        defer { FixtureProject.remove(root) }
        let file = try PropertyListFile.read(at: root.appendingPathComponent("Shiftboard/Info.plist").path, kind: "Info.plist").get()
        #expect(file.format == "binary")
        #expect(file.urlSchemes == ["shiftboard", "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)"])
    }

    @Test("a scheme for the Debug bundle id is reported against the Release bundle id, naming the target and configuration")
    func wrongBundleIDEvidence() throws {
        let root = try FixtureProject.materialize(variant: "WrongBundleIDScheme")
        defer { FixtureProject.remove(root) }
        let report = Preflight.run(project: .project(root.path), spec: Self.spec) { _ in }
        let issue = try #require(report.results.first { $0.id.requirementID == "PF-REDIRECT" }?.issues.first)
        #expect(issue.severity == .failure)
        #expect(issue.type == "preflight.urlSchemeMissing")
        #expect(issue.expected.contains("msauth.com.contoso.shiftboard"))
        #expect(!issue.expected.contains(".dev"))
        #expect(issue.observed.contains("Shiftboard/Info.plist CFBundleURLSchemes: shiftboard, msauth.com.contoso.shiftboard.dev"))
        #expect(issue.observed.contains("target \"Shiftboard\", configuration \"Release\""))
    }

    @Test("a malformed Info.plist is reported with its path and the parser's reason")
    func malformedInfoPlistEvidence() throws {
        let root = try FixtureProject.materialize(variant: "MalformedInfoPlist")
        defer { FixtureProject.remove(root) }
        let report = Preflight.run(project: .project(root.path), spec: Self.spec) { _ in }
        let issue = try #require(report.results.first { $0.id.requirementID == "PF-QUERY-SCHEMES" }?.issues.first)
        #expect(issue.type == "preflight.fileMalformed")
        #expect(issue.message.hasPrefix("Shiftboard/Info.plist is malformed: "))
        #expect(issue.message.count > "Shiftboard/Info.plist is malformed: ".count)
    }

    @Test("a missing Info.plist names the INFOPLIST_FILE it looked for instead of using the test target's")
    func missingInfoPlistEvidence() throws {
        let root = try FixtureProject.materialize(variant: "MissingInfoPlist")
        defer { FixtureProject.remove(root) }
        let report = Preflight.run(project: .project(root.path), spec: Self.spec) { _ in }
        let issue = try #require(report.results.first { $0.id.requirementID == "PF-REDIRECT" }?.issues.first)
        #expect(issue.type == "preflight.fileMissing")
        #expect(issue.message.contains("Shiftboard/Info.plist (INFOPLIST_FILE of target Shiftboard)"))
    }

    @Test(
        "an old MSAL pin names the version and the lock file",
        arguments: [
            ("PodfileLockOldMSAL", "MSAL 1.0.9 in Podfile.lock"),
            ("PackageResolvedV1OldMSAL", "MSAL 1.0.7 in Shiftboard.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"),
            ("PackageResolvedV3OldMSAL", "microsoft-authentication-library-for-objc 1.0.12 in Shiftboard.xcodeproj/"),
        ])
    func oldMSALEvidence(variant: String, observed: String) throws {
        let root = try FixtureProject.materialize(variant: variant)
        defer { FixtureProject.remove(root) }
        let report = Preflight.run(project: .project(root.path), spec: Self.spec) { _ in }
        let issue = try #require(report.results.first { $0.id.requirementID == "PF-MSAL-VERSION" }?.issues.first)
        #expect(issue.type == "preflight.dependencyTooOld")
        #expect(issue.observed.contains(observed), "\(issue.observed)")
    }

    @Test("a directory with no project files fails every check that needs a file with 'not found', and reports the source checks not checked, never passed")
    func emptyDirectory() throws {
        let root = try FixtureProject.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let report = Preflight.run(project: .project(root.path), spec: Self.spec) { _ in }
        let sourceChecks = Self.spec.checks.filter {
            switch $0.rule {
            case .sourceContains, .sourceLacks: true
            default: false
            }
        }.map(\.id)
        #expect(sourceChecks.contains("PF-BROKER-AVAILABILITY") && sourceChecks.contains("PF-KNOWN-AUTHORITIES"))
        let needingFiles = Self.spec.checks.map(\.id).filter { !sourceChecks.contains($0) }
        #expect(report.unmetCheckIDs == needingFiles)
        for result in report.results where sourceChecks.contains(result.id.requirementID) {
            #expect(result.outcome == .skipped(reason: "not checked: no .swift, .m or .mm source files under \(root.path)"), "\(result.id): \(result.outcome)")
        }
        #expect(!report.results.contains { $0.outcome == .passed }, "nothing passes where nothing was read")
        let messages = report.results.compactMap(\.issues.first?.message)
        #expect(messages.contains("Info.plist not found under \(root.path)"))
    }
}
