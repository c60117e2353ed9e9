/// How a send ended.
public enum ChannelSendOutcome: Sendable, Equatable {
    /// Every byte was written.
    case written
    /// The peer is gone (closed its end, or died).
    case closed
    /// The peer did not read in time: its buffer stayed full.
    case timedOut
    /// ``LineChannel/waker`` was woken.
    case interrupted
}
