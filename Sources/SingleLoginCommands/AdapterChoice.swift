import CommandLineKit

/// What `--adapter` or `--listen` chose, before a listener is bound: the one check of those two
/// options that `run`, `explore` and `doctor` share. Each turns it into an ``AdapterTarget``.
enum AdapterChoice: Sendable, Equatable {
    /// An adapter over stdio, started with this command line.
    case adapter(command: String)
    /// An adapter that connects to the address `--listen` binds.
    case listen(ListenOptions)

    /// The target `--adapter <command>` or `--listen` names, or nil when neither is given; a
    /// usage error when both are, or when the command is blank.
    init?(command: String?, listen: ListenOptions) throws(UsageError) {
        switch (command, listen.address) {
        case (nil, nil):
            return nil
        case (_?, _?):
            throw UsageError(
                "'--adapter' and '--listen' cannot be combined",
                suggestion: "Start the adapter with '--adapter <command>', or let it connect with '--listen <host:port>'.")
        case (let command?, nil):
            guard !command.allSatisfy(\.isWhitespace) else {
                throw UsageError(
                    "The value '\(command)' is invalid for '--adapter <command>'",
                    suggestion: "Please give the command that starts your adapter, e.g. --adapter 'python3 my_adapter.py'.")
            }
            self = .adapter(command: command)
        case (nil, _?):
            self = .listen(listen)
        }
    }
}
