import Foundation
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
/// when the process is killed mid-write. Every file recorder writes through this.
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
    /// written, or `url` itself is a directory. Commands call it for every report destination
    /// before the first test case, so that a run never ends green without its reports.
    public static func prepare(_ url: URL) throws(WriteError) {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(path: url.path, reason: "it is a directory; name a file")
        }
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
        if access(directory.path, W_OK) != 0 {
            throw WriteError(path: url.path, reason: "\(directory.path) is not writable: \(String(cString: strerror(errno)))")
        }
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
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: url.path, reason: "cannot create directory \(directory.path): \(error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(path: url.path, reason: String(cString: strerror(errno)))
        }
        var failure: String?
        do {
            try produce { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw WriteError(path: url.path, reason: String(cString: strerror(errno)))
                    }
                    offset += written
                }
            }
        } catch let error as WriteError {
            failure = error.reason
        } catch {
            failure = "\(error)"
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = String(cString: strerror(errno))
        }
        close(descriptor)
        if failure == nil, rename(temporary.path, url.path) != 0 {
            failure = String(cString: strerror(errno))
        }
        if let failure {
            unlink(temporary.path)
            throw WriteError(path: url.path, reason: failure)
        }
    }
}

/// `write(2)`, named apart from ``AtomicFileWriter/write(_:to:)``.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
