import Foundation
import SingleLoginAdapter

/// The simulated device's clock as the app reads it: the broker's time, readable from any thread
/// without a hop to the broker's actor (an adapter reads it for every event it is sent).
public final class SimulatedClock: AppClock {
    private let current: Locked<Date>

    /// A clock showing `date`.
    public init(_ date: Date) { current = Locked(date) }

    /// The simulated time now.
    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock (the broker does, on `advanceClock`).
    func set(_ date: Date) { current.withLock { $0 = date } }
}
