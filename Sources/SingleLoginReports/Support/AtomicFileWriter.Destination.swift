import Foundation
import SingleLoginSpec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicFileWriter {
    /// Whether `url` is a regular file, or a link to one: a file that can be read back.
    static func holdsRegularFile(_ url: URL) -> Bool { Destination.type(of: url.path) == S_IFREG }

    /// What is at a report's path, which decides how the report gets there.
    ///
    /// A regular file is replaced by renaming a finished copy over it, and so is the regular file
    /// a link leads to (the link stays). Anything else a user may name keeps its identity: renaming
    /// over `/dev/null`, a FIFO or the `/dev/stdout` link would put a regular file in its place
    /// (and, as root, break the system's own device).
    enum Destination: Equatable {
        /// Nothing yet, or a regular file: written beside it, then renamed over it.
        case replaced
        /// A link (or a chain of links) to a regular file: the file at `target`, the link's
        /// resolved path, is replaced as ``replaced`` is, so readers never see half a report there.
        case replacedThroughLink(target: String)
        /// A directory: never a report.
        case directory
        /// A character device or a FIFO (`/dev/null`, a pipe a reader waits on), or a symbolic
        /// link (`/dev/stdout`): opened and written into, as the shell's `>` does.
        case writtenInPlace
        /// A block device or a socket, named: no report goes there.
        case refused(kind: String)

        /// What is at `path` now (a link judged by what it leads to, but kept).
        init(path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                self = .replaced
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: self = .replaced
            case S_IFLNK:
                // A link that leads nowhere yet is written through, creating its target as `>` does.
                guard stat(path, &info) == 0 else {
                    self = .writtenInPlace
                    return
                }
                // This process's standard output or error (`/dev/stdout` with `>` to a file) is
                // written through its descriptor; another regular file is replaced atomically.
                if info.st_mode & S_IFMT == S_IFREG, StandardStream.descriptor(holding: info) == nil,
                    let target = Self.resolved(path)
                {
                    self = .replacedThroughLink(target: target)
                    return
                }
                self = Self(mode: info.st_mode, inPlace: true)
            default: self = Self(mode: info.st_mode, inPlace: false)
            }
        }

        private init(mode: mode_t, inPlace: Bool) {
            switch mode & S_IFMT {
            case S_IFREG: self = inPlace ? .writtenInPlace : .replaced
            case S_IFDIR: self = .directory
            case S_IFCHR, S_IFIFO: self = .writtenInPlace
            case S_IFBLK: self = .refused(kind: "a block device")
            case S_IFSOCK: self = .refused(kind: "a socket")
            default: self = .refused(kind: "not a regular file")
            }
        }

        /// The path `path` leads to with every link followed, or nil when it cannot be resolved.
        private static func resolved(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }

        /// Whether what is at `path` is a FIFO (reached through links): opening it to try it would
        /// wait for a reader, or hand the reader waiting on it an early end.
        static func isFIFO(_ path: String) -> Bool { type(of: path) == S_IFIFO }

        /// The type (`S_IFREG`, `S_IFIFO` ...) of what is at `path`, links followed; nil when nothing is.
        static func type(of path: String) -> mode_t? {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
        }
    }
}
