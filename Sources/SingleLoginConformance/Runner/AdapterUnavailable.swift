/// A provider stopped trying to start its adapter: it failed to start (not found, exited at
/// once, no handshake in time, nobody connected) twice in a row, so the rest of the run would
/// only repeat the same error. The runner reports the remaining test cases as not run.
public struct AdapterUnavailable: Error, Sendable, CustomStringConvertible {
    /// The last failure to start, with the adapter's stderr tail.
    public var failure: AdapterFailure
    /// How many starts failed in a row.
    public var attempts: Int

    /// Creates the record of giving up.
    public init(failure: AdapterFailure, attempts: Int) {
        self.failure = failure
        self.attempts = attempts
    }

    /// How many failed starts in a row make a provider give up.
    public static let attemptsBeforeGivingUp = 2

    /// `the adapter failed to start 2 times in a row (adapter.exited: ...)`, and the last stderr line.
    public var description: String {
        var text = "the adapter failed to start \(attempts) times in a row (\(failure.kind.rawValue): \(failure.message))"
        if let last = failure.stderrTail.split(separator: "\n").last(where: { !$0.allSatisfy(\.isWhitespace) }) {
            text += "; its stderr ends: \(last)"
        }
        return text
    }
}
