import CommandLineKit
import DidYouMean
import Foundation
import SingleLoginEvents
import SingleLoginPreflight
import SingleLoginSpec

/// `sl-conformance preflight`: checks an app's static Single Login configuration from its files.
package struct PreflightCommand: Command {
    /// `preflight`'s options.
    package struct Options: OptionGroup {
        /// `--project <dir>`.
        package static let project = Option("--project", value: "dir", help: "The app's project directory to walk (default: . when no file options are given).")
        /// `--info-plist <file>`.
        package static let infoPlist = Option("--info-plist", value: "file", help: "The app's Info.plist (XML or binary).")
        /// `--entitlements <file>`.
        package static let entitlements = Option("--entitlements", value: "file", help: "The app's .entitlements file.")
        /// `--package-resolved <file>`, repeatable.
        package static let packageResolved = Option(
            "--package-resolved", value: "file", repeatable: true, help: "A Package.resolved (format v1, v2 or v3); repeatable.")
        /// `--podfile-lock <file>`.
        package static let podfileLock = Option("--podfile-lock", value: "file", help: "The app's Podfile.lock.")
        /// `--pbxproj <file>`.
        package static let pbxproj = Option("--pbxproj", value: "file", help: "The project.pbxproj whose app target gives PRODUCT_BUNDLE_IDENTIFIER.")
        /// `--configuration <name>`.
        package static let configuration = Option(
            "--configuration", value: "name", default: "Release", help: "The build configuration to take build settings from.")
        /// `--target <name>`.
        package static let target = Option(
            "--target", value: "name", help: "The Xcode target to take build settings from (default: the first application target).")
        /// `--spec <file>`.
        package static let spec = Option("--spec", value: "file", help: "The preflight spec (default: the embedded \(DefaultSpecs.preflight.name) spec).")

        package static var signature: CommandSignature {
            CommandSignature([project, infoPlist, entitlements, packageResolved, podfileLock, pbxproj, configuration, target, spec])
                .including(ReportOptions<PreflightReportFiles>.signature)
        }

        /// What to read (not yet checked against the file system).
        package var input: PreflightInput
        /// The preflight spec: the embedded one unless a file is named.
        package var spec: SpecSource
        /// The reports and the gate.
        package var reports: ReportOptions<PreflightReportFiles>

        package init(parsing arguments: ParsedArguments) throws(UsageError) {
            var input = PreflightInput(
                infoPlist: try arguments.value(Self.infoPlist), entitlements: try arguments.value(Self.entitlements),
                packageResolved: try arguments.values(Self.packageResolved), podfileLock: try arguments.value(Self.podfileLock),
                pbxproj: try arguments.value(Self.pbxproj), configuration: try arguments.value(Self.configuration) ?? "Release",
                target: try arguments.value(Self.target))
            input.projectDirectory = try arguments.value(Self.project) ?? (input.namedFiles.isEmpty ? "." : nil)
            self.input = input
            spec = SpecSource(path: try arguments.value(Self.spec), default: DefaultSpecs.preflight)
            reports = try ReportOptions(parsing: arguments)
        }

        /// The option that names a file of `role`.
        static func option(for role: PreflightInput.FileRole) -> Option<String> {
            switch role {
            case .infoPlist: infoPlist
            case .entitlements: entitlements
            case .packageResolved: packageResolved
            case .podfileLock: podfileLock
            case .pbxproj: pbxproj
            }
        }
    }

    package let name = "preflight"
    package let abstract = "Check an app's static Single Login configuration (Info.plist, entitlements, lock files, sources)."
    package let discussion = """
        Walks --project (default: the current directory, unless explicit files are given), skipping
        .build, Pods, DerivedData, .git and node_modules, and evaluates the checks of the embedded preflight spec:
        PF-REDIRECT, PF-QUERY-SCHEMES, PF-KEYCHAIN, PF-MSAL-VERSION (MUST) and PF-HANDLE-RESPONSE (SHOULD).
        Explicit files override what the walk finds; with explicit files only, checks whose files were
        not given are skipped. Build settings come from the app target's Release configuration.
        Reports go to reports/preflight-junit.xml and reports/preflight.md unless --reports, --junit
        or --markdown say otherwise.

        Exit status: 0 passed; 1 a check failed; 2 a project file could not be read; 64 usage error (or a
        directory given as --spec); 65 invalid spec; 66 the --spec file is missing or unreadable.
        With --level must, SHOULD failures warn and do not fail.
        """

    /// Creates the command.
    package init() {}

    package func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32 {
        try await options.reports.replacingReportsIfNotStarted(command: name, output: output) { () async throws(UsageError) in
            try start(options, output: output)
        }
    }

    /// The checks themselves, once the options parsed: their exit status.
    private func start(_ options: Options, output: TextOutput) throws(UsageError) -> Int32 {
        let spec: PreflightSpec
        do { spec = try SpecInput.preflight(options.spec) } catch { return error.report(to: output) }
        do { try options.input.validate() } catch { throw Self.usageError(error) }
        let session: ReportSession
        do { session = try options.reports.session(output: output) } catch { return error.report(to: output) }
        let report = Preflight.run(project: options.input, spec: spec, gate: options.reports.gate, specOrigin: options.spec.origin) { event in
            session.record(event)
        }
        return session.finish(report.exitStatus)
    }

    /// The usage error an input problem is, naming the option that caused it.
    static func usageError(_ problem: PreflightInput.Problem) -> UsageError {
        switch problem {
        case let .noSuchFile(path, role):
            return UsageError("No such file '\(path)' for '\(Options.option(for: role).definition.name)'")
        case let .noSuchDirectory(path):
            return UsageError("No such directory '\(path)' for '\(Options.project.definition.name)'")
        case let .unknownTarget(target, projects, names):
            return UsageError(
                "No target '\(target)' in \(projects.isEmpty ? "any project.pbxproj found" : projects.joined(separator: ", "))",
                suggestion: Suggestion.closest(to: target, among: names).map { "Did you mean '\($0)'?" }
                    ?? (names.isEmpty ? nil : "Targets: \(names.joined(separator: ", ")).")
            )
        }
    }
}
