import Foundation
import SingleLoginEvents
import SingleLoginPreflight
import SingleLoginReports
import SingleLoginSpec

/// `sl-conformance preflight`: checks an app's static Single Login configuration from its files.
struct PreflightCommand: Command {
    /// The preflight spec used when `--spec` is not given.
    static let defaultSpec = "specs/preflight.json"

    let name = "preflight"
    let abstract = "Check an app's static Single Login configuration (Info.plist, entitlements, lock files, sources)."
    let discussion = """
        Walks --project (default: the current directory, unless explicit files are given), skipping
        .build, Pods, DerivedData, .git and node_modules, and evaluates the checks of specs/preflight.json:
        PF-REDIRECT, PF-QUERY-SCHEMES, PF-KEYCHAIN, PF-MSAL-VERSION (MUST) and PF-HANDLE-RESPONSE (SHOULD).
        Explicit files override what the walk finds; with explicit files only, checks whose files were
        not given are skipped. Build settings come from the app target's Release configuration.
        Reports go to reports/preflight-junit.xml and reports/preflight.md unless --reports, --junit
        or --markdown say otherwise. See docs/preflight.md.

        Exit status: 0 passed; 1 a check failed; 2 a file could not be read; 64 usage error; 65 invalid spec.
        With --level must, SHOULD failures warn and do not fail.
        """
    let signature = CommandSignature(options: [
        .option("--project", value: "dir", help: "The app's project directory to walk (default: . when no file options are given)."),
        .option("--info-plist", value: "file", help: "The app's Info.plist (XML or binary)."),
        .option("--entitlements", value: "file", help: "The app's .entitlements file."),
        .option("--package-resolved", value: "file", repeatable: true, help: "A Package.resolved (format v1, v2 or v3); repeatable."),
        .option("--podfile-lock", value: "file", help: "The app's Podfile.lock."),
        .option("--pbxproj", value: "file", help: "The project.pbxproj whose app target gives PRODUCT_BUNDLE_IDENTIFIER."),
        .option("--configuration", value: "name", default: "Release", help: "The build configuration to take build settings from."),
        .option("--target", value: "name", help: "The Xcode target to take build settings from (default: the first application target)."),
        .option("--spec", value: "file", default: PreflightCommand.defaultSpec, help: "The preflight spec."),
        .option("--level", value: "level", allowed: ["must", "should"], default: "should", help: "Gate on MUST only (SHOULD failures warn), or on both."),
        .option("--reports", value: "dir", default: "reports", help: "Directory for preflight-junit.xml and preflight.md."),
        .option("--junit", value: "file", help: "Where to write JUnit XML (default: <reports>/preflight-junit.xml)."),
        .option("--markdown", value: "file", help: "Where to write the Markdown checklist (default: <reports>/preflight.md)."),
        .option("--events", value: "file", help: "Also write the JSON Lines event stream to this file."),
        .flag("--junit-strict", help: "Write JUnit XML that also passes the strict Ant schema."),
        .flag("--quiet", short: "-q", help: "Print only failures and the totals."),
        .flag("--verbose", short: "-v", help: "Print every check with its evidence."),
    ])

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        let specPath = arguments.value("--spec") ?? Self.defaultSpec
        let spec: PreflightSpec
        do { spec = try PreflightSpecLoader.load(path: specPath) } catch {
            StandardStreams.err(error.description)
            return ExitStatus.invalidSpec.rawValue
        }
        let input = try Self.input(arguments)
        let gate: Gate = arguments.value("--level") == "must" ? .mustOnly : .mustAndShould
        let recorders = ReportRecorders.make(arguments, junitName: "preflight-junit.xml", markdownName: "preflight.md")
        let report = Preflight.run(project: input, spec: spec, gate: gate) { event in
            for recorder in recorders { recorder.record(event) }
        }
        return report.exitStatus.rawValue
    }

    /// The input the options describe; a missing project directory or explicit file is a usage error.
    static func input(_ arguments: ParsedArguments) throws(UsageError) -> PreflightInput {
        let files: [(option: String, path: String)] = ["--info-plist", "--entitlements", "--podfile-lock", "--pbxproj"]
            .compactMap { option in arguments.value(option).map { (option, $0) } }
            + arguments.values("--package-resolved").map { ("--package-resolved", $0) }
        for (option, path) in files where !FileManager.default.fileExists(atPath: path) {
            throw UsageError("No such file '\(path)' for '\(option)'")
        }
        let project = arguments.value("--project") ?? (files.isEmpty ? "." : nil)
        if let project {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: project, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError("No such directory '\(project)' for '--project'")
            }
        }
        if let target = arguments.value("--target") {
            let projects = (arguments.value("--pbxproj").map { [$0] } ?? ProjectDiscovery.walk(project ?? ".").pbxprojs)
                .compactMap { try? XcodeProject.read(at: $0).get() }
            let names = projects.flatMap(\.allTargetNames)
            if !names.contains(target) {
                throw UsageError(
                    "No target '\(target)' in \(projects.isEmpty ? "any project.pbxproj found" : projects.map(\.path).joined(separator: ", "))",
                    suggestion: Suggestion.closest(to: target, among: names).map { "Did you mean '\($0)'?" } ?? (names.isEmpty ? nil : "Targets: \(names.joined(separator: ", ")).")
                )
            }
        }
        return PreflightInput(
            projectDirectory: project, infoPlist: arguments.value("--info-plist"), entitlements: arguments.value("--entitlements"),
            packageResolved: arguments.values("--package-resolved"), podfileLock: arguments.value("--podfile-lock"),
            pbxproj: arguments.value("--pbxproj"), configuration: arguments.value("--configuration") ?? "Release",
            target: arguments.value("--target"))
    }
}
