import SingleLoginEvents

/// A provider stopped trying to start its adapter: it failed to start (not found, exited at
/// once, no handshake in time, nobody connected) twice in a row, so the rest of the run would
/// only repeat the same error. The runner reports the remaining test cases as not run, and
/// says why once (`Event.Kind.adapterUnavailable(_:)`).
public struct AdapterUnavailable: Error, Sendable, CustomStringConvertible {
    /// The last failure to start, with the adapter's stderr tail.
    public var failure: AdapterFailure
    /// How many starts failed in a row.
    public var attempts: Int
    /// What to do about it, as `doctor` says it.
    public var fix: String

    /// How many failed starts in a row make a provider give up.
    public static let attemptsBeforeGivingUp = 2

    /// `the adapter failed to start 2 times in a row (adapter.exited: ...)`: the reason each test
    /// case not run gives (its stderr is said once, in ``unavailability``).
    public var description: String {
        "the adapter failed to start \(attempts) times in a row (\(failure.kind.rawValue): \(failure.message))"
    }

    /// The event's record of giving up.
    public var unavailability: AdapterUnavailability {
        AdapterUnavailability(attempts: attempts, type: failure.kind.rawValue, cause: failure.message, fix: fix, stderrTail: failure.stderrTail)
    }
}
