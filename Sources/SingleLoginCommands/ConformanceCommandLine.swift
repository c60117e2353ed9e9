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
        AnyCommand(BenchCommand()),
    ]

    /// The tool `main.swift` runs.
    public static let tool = CommandLineTool(
        name: "sl-conformance",
        overview: "Prove that an iOS app signs in and out correctly on a shared device (Microsoft Shared Device Mode).",
        version: HarnessVersion.current,
        commands: commands)
}
