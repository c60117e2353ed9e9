/// `adapterUnavailable` on the wire: the run gave up on its adapter, so the test cases still to run are not run.
public struct EncodedAdapterUnavailability: Codable, Hashable, Sendable {
    /// How many starts failed in a row.
    public var attempts: Int
    /// The last failure's category, e.g. `adapter.exited`.
    public var type: String
    /// One sentence naming the last failure's cause.
    public var cause: String
    /// What to do about it, as `doctor` says it.
    public var fix: String
    /// The last lines the adapter wrote to stderr.
    public var stderrTail: String
}
