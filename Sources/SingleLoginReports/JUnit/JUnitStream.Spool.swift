import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension JUnitStream {
    /// Where rendered test cases wait for the end of the run: a temporary file beside the report
    /// (on the same disk, not in memory), unlinked as soon as it is open so nothing is left behind
    /// whatever happens to the process, behind a 1 MiB buffer. When no file can be made, or the disk
    /// fills up, the rest stays in memory.
    final class Spool {
        var buffer = XMLByteBuffer(capacity: Spool.chunk)
        private var descriptor: Int32 = -1
        private var spilling = true
        private var spilled = 0
        private static let chunk = 1 << 20

        init(beside url: URL) {
            let directory = url.deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var template = Array((directory.path + "/.\(url.lastPathComponent).spool.XXXXXX").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            descriptor = fd
        }

        deinit { if descriptor >= 0 { close(descriptor) } }

        /// Moves the buffer to the file once it holds a chunk.
        func flushIfFull() {
            guard descriptor >= 0, spilling, buffer.bytes.count >= Self.chunk else { return }
            if writeAll(buffer.bytes, at: spilled) {
                spilled += buffer.bytes.count
                buffer = XMLByteBuffer(capacity: Self.chunk)
            } else {
                // The disk is full: keep the rest in memory rather than lose it.
                spilling = false
            }
        }

        /// Hands every byte, in order, to `emit`: the file's from its start, then the buffer's.
        func replay(_ emit: (UnsafeRawBufferPointer) throws -> Void) throws {
            if descriptor >= 0, spilled > 0 {
                var chunk = [UInt8](repeating: 0, count: Self.chunk)
                var offset: off_t = 0
                while offset < off_t(spilled) {
                    let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { throw AtomicFileWriter.WriteError(path: "the JUnit spool", reason: String(cString: strerror(errno))) }
                    try chunk.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                    offset += off_t(count)
                }
            }
            try buffer.bytes.withUnsafeBytes { try emit($0) }
        }

        private func writeAll(_ bytes: [UInt8], at position: Int) -> Bool {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = pwrite(descriptor, raw.baseAddress! + offset, raw.count - offset, off_t(position + offset))
                    if written < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += written
                }
                return true
            }
        }
    }
}
