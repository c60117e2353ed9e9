#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to the standard streams: results on stdout, diagnostics and usage errors on stderr.
enum StandardStreams {
    /// Writes `text` and a newline to standard output.
    static func out(_ text: String) {
        writeAll(text + "\n", to: 1)
    }

    /// Writes `text` and a newline to standard error.
    static func err(_ text: String) {
        writeAll(text + "\n", to: 2)
    }

    /// Whether standard error is a terminal (for colour and progress output).
    static var errorIsTerminal: Bool { isatty(2) != 0 }

    /// Whether standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(1) != 0 }

    /// Writes every byte of `text` to the file descriptor, retrying short writes.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
