import CommandLineKit
import SingleLoginEvents

/// Why a command cannot go on with its inputs or outputs: what to print on standard error, and
/// the documented exit status it means (66 a missing spec file, 64 a directory, 65 an invalid
/// spec, 2 a report that cannot be written).
struct CommandFailure: Error {
    /// The exit status it means.
    var status: ExitStatus
    /// The lines for standard error.
    var message: String
    /// How many problems an invalid spec has (0 otherwise).
    var problems = 0

    /// Prints the message and returns the status.
    func report(to output: TextOutput) -> Int32 {
        output.err(message)
        return status.rawValue
    }
}
