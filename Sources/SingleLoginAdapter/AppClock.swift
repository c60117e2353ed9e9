import Foundation

/// The scenario's clock: the time on the simulated device, which the app must use as its
/// current time (token expiry checks, timers, backoffs) instead of `Date()`. It starts at
/// 2025-03-03T08:00:00Z and moves only with the spec's `advanceClock`; `expiresOn` in token
/// results is on this clock.
public protocol AppClock: Sendable {
    /// The current time on the device.
    func now() -> Date
}

/// The machine's own clock, for an environment made outside the harness (a unit test of the app).
public struct SystemAppClock: AppClock {
    /// Creates the clock.
    public init() {}

    /// `Date()`.
    public func now() -> Date { Date() }
}
