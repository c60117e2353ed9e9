import CommandLineKit
import SingleLoginSpec

/// The `sl-conformance` command line: its commands, in the order help lists them.
///
/// To add a command, write `NameCommand.swift` (a ``Command`` with its `Options` group) in this
/// target and add it to ``commands``.
public enum ConformanceCommandLine {
    /// Every subcommand, in the order help lists them.
    public static let commands: [AnyCommand] = [
        AnyCommand(ValidateCommand()),
        AnyCommand(ListCommand()),
        AnyCommand(RunCommand()),
        AnyCommand(ExploreCommand()),
        AnyCommand(PreflightCommand()),
        AnyCommand(BackendCommand()),
        AnyCommand(DoctorCommand()),
        AnyCommand(MergeCommand()),
        AnyCommand(DiffCommand()),
        AnyCommand(VerifyCommand()),
        AnyCommand(SpecCommand()),
        AnyCommand(GenerateTestsCommand()),
    ] + benchCommand

    #if SL_RELEASE_PACKAGE
    /// The release package leaves `bench` out: it measures against sl-canned-adapter and
    /// sl-reference-adapter built beside the executable, and the package ships the one executable.
    static let benchCommand: [AnyCommand] = []
    /// What help says of the command this build leaves out.
    static let notes = ["bench is not in this release build: it measures a build from source, against the adapters built beside it (swift build -c release && .build/release/sl-conformance bench)."]
    #else
    /// `bench`, in every build but the release package's.
    static let benchCommand = [AnyCommand(BenchCommand())]
    /// Nothing to add: every command is in this build.
    static let notes: [String] = []
    #endif

    /// What `--version` prints: the harness's version, then each embedded spec's id and version.
    ///
    ///     sl-conformance 0.1.0
    ///     embedded specs: single-login 1.1.0, single-login-preflight 1.0.0
    public static var version: String {
        let specs = DefaultSpecs.specs.compactMap(\.identity).map { "\($0.id) \($0.version)" }
        return "sl-conformance \(HarnessVersion.current)\nembedded specs: \(specs.joined(separator: ", "))"
    }

    /// The tool `main.swift` runs.
    public static let tool = CommandLineTool(
        name: "sl-conformance",
        overview: "Prove that an iOS app signs in and out correctly on a shared device (Microsoft Shared Device Mode).",
        version: ConformanceCommandLine.version,
        commands: commands,
        notes: notes)
}
