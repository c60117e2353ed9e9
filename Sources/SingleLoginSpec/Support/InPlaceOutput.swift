import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An output opened where it stands, as the shell's `>` opens it: a device, a FIFO, the file a link
/// leads to, or this process's standard output or error. The reports' writer and the wire log open
/// theirs through it, so that both treat such a path, and a FIFO nobody reads, alike.
package struct InPlaceOutput {
    /// The descriptor to write to; the caller closes it.
    package let descriptor: Int32
    /// Whether it is a regular file of its own, emptied when opened (a caller syncs it when done);
    /// false for a device, a FIFO, or a standard stream written at its offset.
    package let isRegularFile: Bool

    /// Why an output could not be opened, in the system's words.
    package struct Failure: Error {
        /// `Permission denied`, or that no process reads a FIFO.
        package var reason: String
    }

    /// Opens `path` for writing (creating it when missing). A path that leads to this process's
    /// standard output or error is written through that stream, after what was written there
    /// before: on Linux, opening `/dev/stdout` anew would start again at offset 0.
    package static func open(_ path: String) throws(Failure) -> InPlaceOutput {
        // Not blocking while opening: a FIFO nobody reads would otherwise hold the harness, deaf to
        // SIGTERM. It fails this output instead.
        let descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_NOCTTY | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(reason: code == ENXIO ? "no process reads this FIFO (open it for reading first)" : String(cString: strerror(code)))
        }
        // Its writes block again, so that a reader that is slow gets every byte.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        if let standard = StandardStream.descriptor(sameAs: descriptor) {
            close(descriptor)
            let shared = fcntl(standard, F_DUPFD_CLOEXEC, 0)
            guard shared >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
            return InPlaceOutput(descriptor: shared, isRegularFile: false)
        }
        var info = stat()
        // Only a regular file has old bytes to drop; a device or a FIFO has none.
        let isRegular = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        if !isRegular {
            // A FIFO whose reader went away must fail this output, not end the harness.
            signal(SIGPIPE, SIG_IGN)
        } else if ftruncate(descriptor, 0) != 0 {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(reason: reason)
        }
        return InPlaceOutput(descriptor: descriptor, isRegularFile: isRegular)
    }

    /// Writes every byte of `bytes` to `descriptor`: nil, or why it stopped, in the system's words.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}

/// `open(2)` and `write(2)`, named apart from ``InPlaceOutput``'s own.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
