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
    ///
    /// Bytes are addressed by their offset from the start (``position`` is the next one's), so a
    /// suite can be written back from the ranges its cases and warnings were spooled at.
    final class Spool {
        /// The bytes not yet moved to the file; render into it, then call ``flushIfFull()``.
        var buffer = XMLByteBuffer(capacity: Spool.chunk)
        private var descriptor: Int32 = -1
        private var spilling = true
        private var spilled = 0
        private var cache: [UInt8] = []
        private var cacheStart = 0
        private var cacheCount = 0
        /// The size of the buffer moved to the file at once, and of a read from it.
        static let chunk = 1 << 20

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

        /// The offset the next byte rendered into ``buffer`` gets.
        var position: Int { spilled + buffer.bytes.count }

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

        /// Hands the bytes at `range` (offsets as ``position`` counts them) to `emit`, in order, in
        /// one or more pieces. Ranges asked for in increasing order are read from the file a chunk at a time.
        func replay(_ range: Range<Int>, _ emit: (UnsafeRawBufferPointer) throws -> Void) throws {
            var lower = range.lowerBound
            while lower < min(range.upperBound, spilled) {
                if lower < cacheStart || lower >= cacheStart + cacheCount { try fill(at: lower) }
                let end = min(range.upperBound, cacheStart + cacheCount)
                try cache.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[(lower - cacheStart)..<(end - cacheStart)])) }
                lower = end
            }
            guard lower < range.upperBound else { return }
            try buffer.bytes.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[(lower - spilled)..<(range.upperBound - spilled)])) }
        }

        /// Reads the chunk of the file that starts at `offset` into the cache.
        private func fill(at offset: Int) throws {
            if cache.isEmpty { cache = [UInt8](repeating: 0, count: Self.chunk) }
            let wanted = min(Self.chunk, spilled - offset)
            var count = 0
            while count < wanted {
                let read = cache.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + count, wanted - count, off_t(offset + count)) }
                if read < 0, errno == EINTR { continue }
                guard read > 0 else {
                    cacheCount = 0
                    throw AtomicFileWriter.WriteError(path: "the JUnit spool", reason: read == 0 ? "it ended early" : String(cString: strerror(errno)))
                }
                count += read
            }
            cacheStart = offset
            cacheCount = count
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
