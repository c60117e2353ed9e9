import Foundation
import SingleLoginSpec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files atomically: into a temporary file in the same directory, then renamed over the target.
///
/// Readers see either the old file or the complete new one, never a half-written report, even
/// when the process is killed mid-write. Every file recorder writes through this. A destination
/// that is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO) is written into in place
/// instead, never replaced; a link to a regular file keeps the link and replaces the file it leads
/// to; a directory, a block device or a socket is refused.
public enum AtomicFileWriter {
    /// A write that failed, with the path and the reason.
    public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file that could not be written.
        public var path: String
        /// Why.
        public var reason: String

        /// Creates an error.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// `cannot write reports/junit.xml: No space left on device`.
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Makes sure `url` can be written before anything is run: creates its directory when missing,
    /// and throws, naming the path and the reason, when the directory is a file or cannot be
    /// written, or `url` itself is a directory (or a block device, or a socket). Commands call it
    /// for every report destination before the first test case, so that a run never ends green
    /// without its reports.
    ///
    /// Writability is proven by creating and removing a file in the directory: `access(2)` says
    /// yes to root everywhere, and to anyone on a read-only or virtual file system such as sysfs.
    public static func prepare(_ url: URL) throws(WriteError) {
        switch Destination(path: url.path) {
        case .directory: throw WriteError(path: url.path, reason: "it is a directory; name a file")
        case let .refused(kind): throw WriteError(path: url.path, reason: "it is \(kind); name a file")
        // A link's file is written in place when its directory is not the harness's to write in.
        case .writtenInPlace, .replacedThroughLink: try prepareInPlace(url)
        case .replaced: try prepareReplaced(url)
        }
    }

    /// A device or a link is opened for writing (and closed, nothing written); a FIFO is left alone.
    private static func prepareInPlace(_ url: URL) throws(WriteError) {
        // A link that leads nowhere yet is checked when it is written.
        guard FileManager.default.fileExists(atPath: url.path), !Destination.isFIFO(url.path) else { return }
        let descriptor = open(url.path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(path: url.path, reason: String(cString: strerror(errno))) }
        close(descriptor)
    }

    private static func prepareReplaced(_ url: URL) throws(WriteError) {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let directory = url.deletingLastPathComponent()
        // The nearest ancestor that exists decides: a file there can never hold the report.
        var ancestor = directory
        while !fileManager.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
            let parent = ancestor.deletingLastPathComponent()
            if parent.path == ancestor.path { break }
            ancestor = parent
        }
        if fileManager.fileExists(atPath: ancestor.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw WriteError(path: url.path, reason: "\(ancestor.path) is a file, not a directory")
        }
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: url.path, reason: "cannot create directory \(directory.path): \(error.localizedDescription)")
        }
        let probe = temporaryFile(for: url)
        let descriptor = open(probe.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw WriteError(path: url.path, reason: "\(directory.path) is not writable: \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe.path)
    }

    /// Writes `data` to `url`, creating the parent directory when needed.
    public static func write(_ data: some ContiguousBytes, to url: URL) throws {
        try write(to: url) { emit in try data.withUnsafeBytes { try emit($0) } }
    }

    /// Writes the bytes `produce` hands to its `emit` function, in order, as the file at `url`.
    ///
    /// The bytes go straight to the temporary file as they come, so a large report needs no
    /// buffer of its own size; the rename happens only after all of them are written and synced.
    public static func write(to url: URL, producing produce: (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        switch Destination(path: url.path) {
        case .directory: throw WriteError(path: url.path, reason: "it is a directory; name a file")
        case let .refused(kind): throw WriteError(path: url.path, reason: "it is \(kind); name a file")
        case .writtenInPlace: try writeInPlace(to: url, producing: produce)
        case .replaced: try replace(url, producing: produce)
        case let .replacedThroughLink(target):
            let file = URL(fileURLWithPath: target)
            // A file the harness may write but not replace (its directory is another's) is written
            // into, as before there was a copy to rename.
            guard let temporary = openTemporary(beside: file) else { return try writeInPlace(to: url, producing: produce) }
            try finish(temporary, over: file, reportedAs: url.path, producing: produce)
        }
    }

    private static func replace(_ url: URL, producing produce: (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: url.path, reason: "cannot create directory \(directory.path): \(error.localizedDescription)")
        }
        guard let temporary = openTemporary(beside: url) else { throw WriteError(path: url.path, reason: String(cString: strerror(errno))) }
        try finish(temporary, over: url, reportedAs: url.path, producing: produce)
    }

    /// A new temporary file beside `url`, open for writing; nil (with `errno` set) when none can be made.
    private static func openTemporary(beside url: URL) -> (url: URL, descriptor: Int32)? {
        let temporary = temporaryFile(for: url)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        return descriptor >= 0 ? (temporary, descriptor) : nil
    }

    /// Writes, syncs and closes `temporary`, then renames it over `url`; on any failure removes it
    /// and throws, naming `path` (what the user named, which a link's `url` is not).
    private static func finish(
        _ temporary: (url: URL, descriptor: Int32), over url: URL, reportedAs path: String,
        producing produce: (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        var failure = emitAll(into: temporary.descriptor, path: path, producing: produce)
        if failure == nil, fsync(temporary.descriptor) != 0 {
            failure = String(cString: strerror(errno))
        }
        close(temporary.descriptor)
        if failure == nil, rename(temporary.url.path, url.path) != 0 {
            failure = String(cString: strerror(errno))
        }
        if let failure {
            unlink(temporary.url.path)
            throw WriteError(path: path, reason: failure)
        }
    }

    /// Opens what is at `url` and writes into it: a device or a FIFO as it is, the file a link
    /// leads to emptied first (the link stays), and this process's standard output or error
    /// (`/dev/stdout`) through its own descriptor, after what was written there before.
    private static func writeInPlace(to url: URL, producing produce: (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let output: InPlaceOutput
        do { output = try InPlaceOutput.open(url.path) } catch { throw WriteError(path: url.path, reason: error.reason) }
        defer { close(output.descriptor) }
        var failure = emitAll(into: output.descriptor, path: url.path, producing: produce)
        // Only a regular file has bytes to sync; a device, a FIFO or a standard stream has none.
        if failure == nil, output.isRegularFile, fsync(output.descriptor) != 0 {
            failure = String(cString: strerror(errno))
        }
        if let failure { throw WriteError(path: url.path, reason: failure) }
    }

    /// Writes every byte `produce` emits to `descriptor`: nil, or why it stopped.
    private static func emitAll(
        into descriptor: Int32, path: String, producing produce: (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) -> String? {
        do {
            try produce { buffer in
                if let reason = InPlaceOutput.write(buffer, to: descriptor) { throw WriteError(path: path, reason: reason) }
            }
            return nil
        } catch let error as WriteError {
            return error.reason
        } catch {
            return "\(error)"
        }
    }

    /// A name beside `url` that no other writer uses: `.junit.xml.PID.RANDOM.tmp`.
    private static func temporaryFile(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    }
}
