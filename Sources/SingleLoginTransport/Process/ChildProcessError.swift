/// Why an adapter process could not be started.
public enum ChildProcessError: Error, CustomStringConvertible {
    /// The command line is empty.
    case emptyCommand
    /// posix_spawn failed.
    case spawnFailed(command: String, reason: String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .emptyCommand: return "the adapter command is empty"
        case .spawnFailed(let command, let reason): return "could not start adapter '\(command)': \(reason)"
        }
    }
}
