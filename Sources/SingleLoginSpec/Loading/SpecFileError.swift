import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A spec (or other input) file that cannot be read at all: missing, a directory, not a regular
/// file, or unreadable.
///
/// Never a "spec invalid": `sl-conformance` exits 66 (`EX_NOINPUT`) for a missing or unreadable
/// file and 64 (usage) for a directory, a block device or a socket given where a file is needed.
/// Every command reads its input files through ``readFile(_:)``, so each says the same thing.
public struct SpecFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the file.
    public enum Problem: Hashable, Sendable {
        /// Nothing is at the path.
        case noSuchFile
        /// The path is a directory.
        case isDirectory
        /// The path is something else that is no file: `kind` says what (`a FIFO`, `a character device`).
        case notRegularFile(kind: String)
        /// It exists but cannot be read, with the system's reason.
        case unreadable(reason: String)
    }

    /// The path as given.
    public var path: String
    /// What is wrong.
    public var problem: Problem

    /// What is wrong, without the path: `no such file`, `is a directory, not a file`.
    public var reason: String {
        switch problem {
        case .noSuchFile: "no such file"
        case .isDirectory: "is a directory, not a file"
        case let .notRegularFile(kind): "is not a regular file (it is \(kind))"
        case let .unreadable(reason): "cannot read the file: \(reason)"
        }
    }

    /// Whether the path names something that is no file at all (a directory, a device, a FIFO):
    /// a usage error, where a missing or unreadable file is a missing input.
    public var isNotAFile: Bool {
        switch problem {
        case .isDirectory, .notRegularFile: true
        case .noSuchFile, .unreadable: false
        }
    }

    /// `specs/x.json: error: no such file`.
    public var description: String { "\(path): error: \(reason)" }

    /// Reads the file at `path`, naming what is wrong when it cannot.
    ///
    /// A regular file is read (through links), and so is a stream as `cat` reads it, to its end: a
    /// pipe or FIFO (`--spec /dev/stdin`, a shell's `<(...)`) or a character device (`/dev/null`
    /// holds nothing). A directory, a block device or a socket is refused. The reason for a file
    /// that cannot be opened is the system's (`Permission denied`), never a guess.
    public static func readFile(_ path: String) throws(SpecFileError) -> [UInt8] {
        // Not blocking while opening: a FIFO with no writer would otherwise hold open() before
        // fstat could tell what it is. Its reads then block, as a stream's do.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw SpecFileError(path: path, problem: code == ENOENT || code == ENOTDIR ? .noSuchFile : .unreadable(reason: String(cString: strerror(code))))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SpecFileError(path: path, problem: .unreadable(reason: String(cString: strerror(errno)))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO, S_IFCHR: _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        case S_IFDIR: throw SpecFileError(path: path, problem: .isDirectory)
        case S_IFBLK: throw SpecFileError(path: path, problem: .notRegularFile(kind: "a block device"))
        case S_IFSOCK: throw SpecFileError(path: path, problem: .notRegularFile(kind: "a socket"))
        default: throw SpecFileError(path: path, problem: .notRegularFile(kind: "no file"))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw SpecFileError(path: path, problem: .unreadable(reason: String(cString: strerror(errno))))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
