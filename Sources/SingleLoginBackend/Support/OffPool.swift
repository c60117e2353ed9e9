import Foundation

/// Runs work that blocks or burns CPU (sockets, process teardown, RSA signing) on a thread of
/// its own, so that it never holds one of Swift's cooperative threads: vendors embed the
/// profile in their own parallel test suites.
enum OffPool {
    /// The result of `work`, computed on a new thread named `name`.
    static func run<Result: Sendable>(_ name: String, _ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }
}
