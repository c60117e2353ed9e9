import SingleLoginEvents

/// Why an adapter could not do what the harness asked: the adapter's fault, never the app's.
public struct AdapterFailure: Error, Sendable, CustomStringConvertible {
    /// A category for reports (`adapter.timeout`, `adapter.exited`, ...).
    public var kind: Kind
    /// One sentence naming the cause.
    public var message: String
    /// The last lines the adapter wrote to stderr.
    public var stderrTail: String
    /// What exactly went wrong, where a caller acts on it (never read from the message's words).
    public var cause: Cause?

    /// Creates a failure.
    public init(_ kind: Kind, _ message: String, stderrTail: String = "", cause: Cause? = nil) {
        self.kind = kind
        self.message = message
        self.stderrTail = stderrTail
        self.cause = cause
    }

    /// The failures callers tell apart from the rest of their kind.
    public enum Cause: Sendable, Equatable {
        /// The handshake lacked the run's token, or presented another one: not this run's adapter.
        case wrongToken
        /// The adapter wrote something that is not a protocol message to the channel's output (stdout).
        case outputPolluted
        /// The harness listened (`--listen`) and no adapter connected in time: there is no command line to fix.
        case nobodyConnected
    }

    /// The categories of adapter failure (defined with the events, so that an issue's kind can name one).
    public typealias Kind = AdapterFailureKind

    /// The message, then the stderr tail when there is one.
    public var description: String {
        stderrTail.isEmpty ? message : message + "\nadapter stderr (last lines):\n" + stderrTail
    }
}
