/// The run gave up on its adapter: it failed to start (not found, exited at once, no handshake in
/// time, nobody connected) several times in a row, so every test case still to run is not run.
///
/// Reports say this once, with the fix, instead of repeating the adapter's stderr on every test
/// case not run.
public struct AdapterUnavailability: Sendable, Hashable {
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

    /// Creates the record of giving up.
    public init(attempts: Int, type: String, cause: String, fix: String, stderrTail: String = "") {
        self.attempts = attempts
        self.type = type
        self.cause = cause
        self.fix = fix
        self.stderrTail = stderrTail
    }
}
