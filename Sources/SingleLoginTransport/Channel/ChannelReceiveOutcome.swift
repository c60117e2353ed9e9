/// How a receive ended.
public enum ChannelReceiveOutcome: Sendable, Equatable {
    /// A complete line, without its newline.
    case line([UInt8])
    /// A line longer than the limit, dropped; its length.
    case overlong(Int)
    /// Bytes after the last newline when the stream ended: a message cut off mid-line.
    case unterminated([UInt8])
    /// The peer ended; `heldOpen` when the process died while something it started kept its stdout open.
    case ended(heldOpen: Bool)
    /// Nothing arrived before the deadline.
    case timedOut
    /// ``LineChannel/waker`` was woken.
    case interrupted
}
