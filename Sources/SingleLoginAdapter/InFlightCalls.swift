import Foundation

/// Counts the calls ``HarnessMSALApplication`` has started with a completion block and not yet
/// completed, and wakes whoever waits for none to be left.
///
/// `NSLock` (named `lock`, guarding `count` and `waiters`) rather than `Mutex` keeps the adapter
/// kit buildable for the older iOS versions an app may still support.
final class InFlightCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A call started.
    func begin() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    /// A call completed (its completion block has returned).
    func end() {
        lock.lock()
        count -= 1
        let woken = count == 0 ? waiters : []
        if count == 0 { waiters = [] }
        lock.unlock()
        for waiter in woken { waiter.resume() }
    }

    /// Returns when no call is in flight.
    func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if count == 0 {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }
}
