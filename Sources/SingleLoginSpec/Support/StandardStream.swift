import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's standard output and error, as the files an output path may lead to.
///
/// `--junit /dev/stdout > junit.xml` names, through a link, the file the shell opened as standard
/// output. On Linux, opening the link opens that file anew, at offset 0: a report written there
/// would overwrite what the console wrote, and the console's next line would overwrite the report.
/// Writing through the standard descriptor itself, at its offset, is what the shell's own
/// redirections (and macOS's `/dev/stdout`) do.
package enum StandardStream {
    /// The standard descriptor (1 or 2) that holds the same file as `descriptor`, if one does.
    package static func descriptor(sameAs descriptor: Int32) -> Int32? {
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { return nil }
        return Self.descriptor(holding: opened, other: descriptor)
    }

    /// The standard descriptor (1 or 2), other than `descriptor`, that holds the file `file` describes
    /// (as `stat` or `fstat` filled it in), if one does.
    package static func descriptor(holding file: stat, other descriptor: Int32? = nil) -> Int32? {
        for standard in [STDOUT_FILENO, STDERR_FILENO] where standard != descriptor {
            var info = stat()
            if fstat(standard, &info) == 0, info.st_dev == file.st_dev, info.st_ino == file.st_ino { return standard }
        }
        return nil
    }
}
