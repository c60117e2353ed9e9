#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: results on standard output, diagnostics and usage errors on standard error.
///
/// ``standard`` writes to the process's streams; tests pass their own to capture what a command prints.
package struct TextOutput: Sendable {
    /// Writes text to standard output as it is.
    package var write: @Sendable (String) -> Void
    /// Writes text to standard error as it is.
    package var writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal (for colour and progress).
    package var isTerminal: Bool

    /// Creates an output.
    package init(isTerminal: Bool = false, write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void) {
        self.write = write
        self.writeError = writeError
        self.isTerminal = isTerminal
    }

    /// Writes `text` and a newline to standard output.
    package func out(_ text: String) { write(text + "\n") }

    /// Writes `text` and a newline to standard error.
    package func err(_ text: String) { writeError(text + "\n") }

    /// The process's standard output and standard error.
    package static var standard: TextOutput {
        TextOutput(isTerminal: isatty(1) != 0, write: { writeAll($0, to: 1) }, writeError: { writeAll($0, to: 2) })
    }

    /// Writes every byte of `text` to the file descriptor, retrying short writes.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc_or_Darwin_write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

@inline(__always)
private func Glibc_or_Darwin_write(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, pointer, count)
    #elseif canImport(Musl)
    return Musl.write(descriptor, pointer, count)
    #else
    return Darwin.write(descriptor, pointer, count)
    #endif
}
