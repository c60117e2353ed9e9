#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints the iteration and seed from a signal handler when the loader crashes, so that
/// `--seed S --replay N` can write the failing input to a file.
enum CrashReporter {
    /// The iteration being tried (read by the signal handler).
    nonisolated(unsafe) static var currentIteration: Int = -1
    /// The run's seed (read by the signal handler).
    nonisolated(unsafe) static var currentSeed: UInt64 = 0

    /// Installs the handlers for the crash signals.
    static func install() {
        for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            signal(signalNumber) { _ in
                let prefix = Array("\nsl-spec-fuzz: CRASH at iteration ".utf8), middle = Array(" with seed ".utf8),
                    suffix = Array("; replay with --seed and --replay\n".utf8)
                prefix.withUnsafeBufferPointer { _ = write(2, $0.baseAddress!, $0.count) }
                CrashReporter.writeNumber(UInt64(max(0, CrashReporter.currentIteration)))
                middle.withUnsafeBufferPointer { _ = write(2, $0.baseAddress!, $0.count) }
                CrashReporter.writeNumber(CrashReporter.currentSeed)
                suffix.withUnsafeBufferPointer { _ = write(2, $0.baseAddress!, $0.count) }
                _exit(70)
            }
        }
    }

    /// Writes a number to stderr without allocating (safe in a signal handler).
    static func writeNumber(_ value: UInt64) {
        var digits = [UInt8](repeating: 0, count: 24)
        var index = digits.count
        var rest = value
        repeat { index -= 1; digits[index] = UInt8(ascii: "0") + UInt8(rest % 10); rest /= 10 } while rest > 0
        digits.withUnsafeBufferPointer { _ = write(2, $0.baseAddress! + index, digits.count - index) }
    }
}
