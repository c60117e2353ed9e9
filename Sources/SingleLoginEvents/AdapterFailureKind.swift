/// The categories of adapter failure (``Issue/Kind/adapter(_:)``), named as reports spell them.
/// The transport's `AdapterFailure` carries one; it is defined here so that an issue's kind can.
public enum AdapterFailureKind: String, Sendable, CaseIterable {
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
