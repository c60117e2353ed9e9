/// Why an adapter could not do what the harness asked: the adapter's fault, never the app's.
public struct AdapterFailure: Error, Sendable, CustomStringConvertible {
    /// A category for reports (`adapter.timeout`, `adapter.exited`, ...).
    public var kind: Kind
    /// One sentence naming the cause.
    public var message: String
    /// The last lines the adapter wrote to stderr.
    public var stderrTail: String

    /// Creates a failure.
    public init(_ kind: Kind, _ message: String, stderrTail: String = "") {
        self.kind = kind
        self.message = message
        self.stderrTail = stderrTail
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
