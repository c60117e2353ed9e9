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
    }

    /// The categories of adapter failure.
    public enum Kind: String, Sendable {
        /// The adapter could not be started.
        case spawn = "adapter.spawn"
        /// The handshake failed or spoke another protocol version.
        case handshake = "adapter.handshake"
        /// No answer in time.
        case timeout = "adapter.timeout"
        /// The process ended.
        case exited = "adapter.exited"
        /// It broke the wire protocol: non-JSON on stdout, wrong ids, unknown methods, oversized lines.
        case protocolViolation = "adapter.protocol"
        /// It answered a request with an error.
        case adapterError = "adapter.error"
        /// The harness stopped the run (Ctrl-C, SIGTERM) while the adapter worked.
        case interrupted = "harness.interrupted"
    }

    /// The message, then the stderr tail when there is one.
    public var description: String {
        stderrTail.isEmpty ? message : message + "\nadapter stderr (last lines):\n" + stderrTail
    }
}
