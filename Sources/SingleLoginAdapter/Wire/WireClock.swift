import Foundation

/// The device's clock on the adapter's side of the wire: the `now` of the latest `reset` or
/// `event` request (protocol 1.2); the machine's clock until a harness sends one (an older
/// harness never does).
///
/// Read by the app from any thread, set by the server before it hands the app a request.
final class WireClock: AppClock, @unchecked Sendable {
    /// Guards `current` (the adapter kit builds for OS versions without `Mutex`).
    private let currentLock = NSLock()
    private var current: Date?

    /// Sets the time a request carried; a request without one leaves it as it was.
    func set(_ date: Date?) {
        guard let date else { return }
        currentLock.lock()
        defer { currentLock.unlock() }
        current = date
    }

    func now() -> Date {
        currentLock.lock()
        defer { currentLock.unlock() }
        return current ?? Date()
    }
}
