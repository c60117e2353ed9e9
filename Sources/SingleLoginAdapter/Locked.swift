import Foundation

/// A value behind a lock: `Synchronization.Mutex`'s shape (`withLock`) for the code an iOS 16 test
/// target links, where `Mutex` (iOS 18, macOS 15) is not there yet.
///
/// `@unchecked Sendable`: `value` is read and written only inside `lock`, in ``withLock(_:)``.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; what `body` returns, or throws, is the call's.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
