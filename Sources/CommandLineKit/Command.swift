/// One command: a name, help, typed options, and what it does with them.
///
/// The tool handles `--help`/`-h`, parses the arguments against `Options.signature`, turns
/// them into `Options` (unknown options, missing values, wrong counts and invalid values
/// become usage errors, exit 64) and then calls ``run(_:output:)``.
package protocol Command: Sendable {
    /// The command's typed options.
    associatedtype Options: OptionGroup

    /// The word that selects the command, e.g. `validate` (for a single-command tool, its name).
    var name: String { get }
    /// One line for the command list and the top of its help.
    var abstract: String { get }
    /// Longer help shown under the overview; may be empty.
    var discussion: String { get }

    /// Runs the command and returns the exit status.
    ///
    /// Throw ``UsageError`` for a problem with the command line found only now, e.g. a
    /// requirement ID the spec does not hold (exit 64).
    func run(_ options: Options, output: TextOutput) async throws(UsageError) -> Int32
}

extension Command {
    /// No discussion unless a command provides one.
    package var discussion: String { "" }
}
