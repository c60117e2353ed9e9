import SingleLoginAdapter

/// What carries one adapter session's lines: a child process's pipes (``ProcessChannel``) or a
/// TCP connection (``SocketChannel``). The JSON-RPC session on top is written once for both.
///
/// A channel's methods block the calling thread up to a deadline. A channel belongs to one
/// session actor, which runs on a `SessionExecutor`'s thread of its own, never on Swift's
/// cooperative pool; only ``waker`` is shared, so a cancellation can end a wait from any thread.
public protocol LineChannel: AnyObject {
    /// Writes one line (its newline included), waiting while the peer's buffer is full.
    func send(_ line: [UInt8], before deadline: ContinuousClock.Instant) -> ChannelSendOutcome
    /// The next line from the peer, waiting for it until `deadline`.
    func receive(before deadline: ContinuousClock.Instant) -> ChannelReceiveOutcome
    /// Whether another complete line has already been read and waits (never blocks).
    var hasBufferedLine: Bool { get }
    /// Bytes read after the last newline, not yet a line.
    var partialLine: [UInt8] { get }
    /// Wakes a blocked ``send(_:before:)`` or ``receive(before:)``, which then returns `interrupted`.
    var waker: ChannelWaker { get }
    /// Where the peer writes protocol messages, for error messages: `stdout`, `the connection`.
    var outputName: String { get }
    /// How the peer ended, for error messages, e.g. `exited with exit code 3` (may wait up to a second to name it).
    func endDescription() -> String
    /// The peer's log (a process's stderr), read up to now; nil when the channel has none.
    func drainLog() -> StderrBuffer?
    /// Ends the peer: a process's group is ended (SIGTERM, SIGKILL after `grace`), a connection closed.
    func close(grace: Duration)
}
