/// The words a ``CommandLineTool`` was run with, for as long as its command runs: what a command
/// records as its own command line. `CommandLine.arguments` is the process's, which is another
/// program's when the tool runs inside one (a test, an app that embeds the tool).
package enum Invocation {
    /// The arguments after the executable name, the subcommand first; nil outside a tool's run.
    @TaskLocal package static var arguments: [String]?

    /// The command line as a user would type it: the executable, then ``arguments`` (the process's own
    /// arguments outside a tool's run).
    package static var commandLine: [String] {
        [CommandLine.arguments.first ?? "sl-conformance"] + (arguments ?? Array(CommandLine.arguments.dropFirst()))
    }
}
