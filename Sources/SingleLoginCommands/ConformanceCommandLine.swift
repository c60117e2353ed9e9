import CommandLineKit
import SingleLoginSpec

/// The `sl-conformance` command line: its commands, in the order help lists them.
///
/// To add a command, write `NameCommand.swift` (a ``Command`` with its `Options` group) in this
/// target and add it to ``commands``.
package enum ConformanceCommandLine {
    /// Every subcommand, in the order help lists them, with the pages that explain it (paths from
    /// the repository's root; each command's help ends with them): the one place they are named.
    package static let commands: [AnyCommand] = [
        AnyCommand(ValidateCommand(), docs: ["docs/spec-format.md"]),
        AnyCommand(ListCommand(), docs: ["docs/spec-format.md"]),
        AnyCommand(RunCommand(), docs: ["docs/adapter-contract.md", "docs/reports.md"]),
        AnyCommand(ExploreCommand(), docs: ["docs/explore.md"]),
        AnyCommand(PreflightCommand(), docs: ["docs/preflight.md"]),
        AnyCommand(BackendCommand(), docs: ["docs/backend.md"]),
        AnyCommand(DoctorCommand(), docs: ["docs/adapter-contract.md", "docs/hardening.md"]),
        AnyCommand(MergeCommand(), docs: ["docs/reports.md", "docs/ci-gating.md"]),
        AnyCommand(DiffCommand(), docs: ["docs/ci-gating.md"]),
        AnyCommand(VerifyCommand(), docs: ["docs/verify.md", "docs/reports.md", "docs/ci-gating.md"]),
        AnyCommand(CompareCommand(), docs: ["docs/device-pass.md"]),
        AnyCommand(DevicePassCommand(), docs: ["docs/device-pass.md"]),
        AnyCommand(SpecCommand(), docs: ["docs/spec-format.md"]),
        AnyCommand(InitCommand(), docs: ["docs/in-process.md", "docs/adapter-other-language.md"]),
        AnyCommand(GenerateTestsCommand(), docs: ["docs/in-process.md"]),
        AnyCommand(BenchCommand(), docs: ["docs/performance.md"]),
    ]

    /// The commands of the release package: all but `bench`, which measures against
    /// sl-canned-adapter and sl-reference-adapter built beside the executable, while the package
    /// ships the one executable.
    package static let packagedCommands = commands.filter { $0.name != BenchCommand().name }

    /// What the release package's help says of the command it leaves out.
    static let packagedNotes = [
        "bench is not in this release build: it measures a build from source, against the adapters built beside it (swift build -c release && .build/release/sl-conformance bench)."
    ]

    /// What `--version` prints: the harness's version, then each embedded spec's id and version.
    ///
    ///     sl-conformance 0.1.0
    ///     embedded specs: single-login 1.1.0, single-login-preflight 1.0.0
    package static var version: String {
        let specs = DefaultSpecs.specs.compactMap(\.identity).map { "\($0.id) \($0.version)" }
        return "sl-conformance \(HarnessVersion.current)\nembedded specs: \(specs.joined(separator: ", "))"
    }

    /// The tool `sl-conformance`'s `main.swift` runs: every command.
    package static let tool = CommandLineTool(
        name: "sl-conformance",
        overview: overview,
        version: ConformanceCommandLine.version,
        commands: commands,
        notes: [])

    /// The tool of the release package (`sl-conformance-package`, shipped as `sl-conformance`):
    /// every command but `bench`, and help that says so.
    package static let packagedTool = CommandLineTool(
        name: "sl-conformance",
        overview: overview,
        version: ConformanceCommandLine.version,
        commands: packagedCommands,
        notes: packagedNotes)

    private static let overview = "Prove that an iOS app signs in and out correctly on a shared device (Microsoft Shared Device Mode)."
}
