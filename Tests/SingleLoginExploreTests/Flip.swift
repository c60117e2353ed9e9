import Synchronization

/// Alternates, test case by test case, between the reference app and one that ignores broadcasts.
final class Flip: Sendable {
    private let count = Mutex(0)
    func next() -> Bool {
        count.withLock {
            $0 += 1; return $0 % 2 == 0
        }
    }
}
