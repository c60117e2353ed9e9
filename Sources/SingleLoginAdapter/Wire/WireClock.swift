import Foundation

/// The device's clock on the adapter's side of the wire: the `now` of the latest `reset` or
/// `event` request (protocol 1.2); the machine's clock until a harness sends one (an older
/// harness never does).
///
/// Read by the app from any thread, set by the server before it hands the app a request.
final class WireClock: AppClock, Sendable {
    private let current = Locked<Date?>(nil)

    /// Sets the time a request carried; a request without one leaves it as it was.
    func set(_ date: Date?) {
        guard let date else { return }
        current.withLock { $0 = date }
    }

    func now() -> Date {
        current.withLock { $0 } ?? Date()
    }
}
