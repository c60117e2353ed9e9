import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginSpec
import SingleLoginTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("A report path that is no regular file keeps what it is: devices, FIFOs and links are written into, never replaced")
struct AtomicFileWriterTests {
    /// The kind of what is at `path`, links not followed.
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// The names in `directory`, hidden ones included (a temporary file left behind would show).
    static func names(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test("a FIFO is written into: its reader gets the report and the FIFO stays a FIFO")
    func fifo() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.url.appendingPathComponent("reports.fifo")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        // The reader is there before the write (not blocking, so that a regression fails rather
        // than waits): the report, smaller than a pipe's buffer, is in the pipe when the write ends.
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        try AtomicFileWriter.write(Data("<testsuites/>\n".utf8), to: fifo)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
        #expect(count > 0 && String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "<testsuites/>\n")
        #expect(Self.mode(fifo.path) == S_IFIFO)
        #expect(try Self.names(directory.url) == ["reports.fifo"], "no temporary file left beside it")
    }

    @Test("a FIFO nobody reads fails its report at once, naming why, instead of holding the harness until a reader comes")
    func fifoWithoutReader() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.url.appendingPathComponent("unread.fifo")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        #expect {
            try AtomicFileWriter.write(Data("<testsuites/>\n".utf8), to: fifo)
        } throws: { ($0 as? AtomicFileWriter.WriteError)?.reason == "no process reads this FIFO (open it for reading first)" }
        #expect(Self.mode(fifo.path) == S_IFIFO)
    }

    @Test("a FIFO passes the check before a run without being opened (its reader sees no early end)")
    func fifoPrepared() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.url.appendingPathComponent("events.fifo")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        try AtomicFileWriter.prepare(fifo)
        #expect(Self.mode(fifo.path) == S_IFIFO)
    }

    @Test("a symbolic link to a file: the link stays, and the file it leads to is replaced by a finished copy (a reader keeps the old one whole)")
    func link() throws {
        let directory = try TemporaryDirectory()
        let elsewhere = directory.url.appendingPathComponent("ci")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("real.xml")
        let link = directory.url.appendingPathComponent("junit.xml")
        try Data("old and longer than the new report".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "ci/real.xml")
        // A reader that opened the old file before the write: an atomic write leaves its file whole.
        let reader = try FileHandle(forReadingFrom: target)
        defer { try? reader.close() }
        try AtomicFileWriter.prepare(link)
        try AtomicFileWriter.write(Data("new".utf8), to: link)
        #expect(Self.mode(link.path) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "ci/real.xml")
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self) == "old and longer than the new report")
        #expect(try Self.names(directory.url) == ["ci", "junit.xml"])
        #expect(try Self.names(elsewhere) == ["real.xml"], "no temporary file left beside the file")
    }

    @Test("a link to a file whose directory takes no new file is written into in place, as before", .enabled(if: getuid() != 0))
    func linkIntoReadOnlyDirectory() throws {
        let directory = try TemporaryDirectory()
        let locked = directory.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        let target = locked.appendingPathComponent("real.xml")
        try Data("old".utf8).write(to: target)
        try #require(chmod(locked.path, 0o555) == 0)
        defer { chmod(locked.path, 0o755) }
        let link = directory.url.appendingPathComponent("junit.xml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        try AtomicFileWriter.prepare(link)
        try AtomicFileWriter.write(Data("new report".utf8), to: link)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new report")
        #expect(try Self.names(locked) == ["real.xml"])
    }

    @Test("a character device (a null device made here, when the system lets this user) is written into and stays a device")
    func characterDevice() throws {
        let directory = try TemporaryDirectory()
        let device = directory.url.appendingPathComponent("nulldev")
        #if os(Linux)
        let null = dev_t(1 << 8 | 3)  // makedev(1, 3), /dev/null's numbers
        #else
        let null = dev_t(3 << 24 | 2)  // makedev(3, 2) on Darwin
        #endif
        // Only root (with CAP_MKNOD) may make a device: elsewhere there is nothing to check.
        guard mknod(device.path, mode_t(S_IFCHR) | 0o644, null) == 0 else { return }
        try AtomicFileWriter.prepare(device)
        try AtomicFileWriter.write(Data(repeating: 0x41, count: 49_000), to: device)
        #expect(Self.mode(device.path) == S_IFCHR)
        #expect(try Self.names(directory.url) == ["nulldev"])
    }

    @Test("a path that leads to this process's standard output is written through descriptor 1, at its offset; another file is not")
    func standardOutput() throws {
        let directory = try TemporaryDirectory()
        let copy = dup(STDOUT_FILENO)
        try #require(copy >= 0)
        defer { close(copy) }
        #expect(StandardStream.descriptor(sameAs: copy) == STDOUT_FILENO)
        let other = open(directory.url.appendingPathComponent("other").path, O_WRONLY | O_CREAT, 0o600)
        try #require(other >= 0)
        defer { close(other) }
        #expect(StandardStream.descriptor(sameAs: other) == nil)
    }

    @Test("a directory and a socket are refused, before a run and when written, and left as they are")
    func refused() throws {
        let directory = try TemporaryDirectory()
        let socketURL = directory.url.appendingPathComponent("s.sock")
        try UnixSocketFile.make(at: socketURL)
        for (url, reason) in [(socketURL, "it is a socket; name a file"), (directory.url, "it is a directory; name a file")] {
            #expect(throws: AtomicFileWriter.WriteError(path: url.path, reason: reason)) { try AtomicFileWriter.prepare(url) }
            #expect(throws: AtomicFileWriter.WriteError(path: url.path, reason: reason)) { try AtomicFileWriter.write(Data("x".utf8), to: url) }
        }
        #expect(Self.mode(socketURL.path) == S_IFSOCK)
    }

    @Test("the check before a run proves the directory writable with a file of its own, and leaves nothing behind")
    func probeLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        try AtomicFileWriter.prepare(directory.url.appendingPathComponent("reports/junit.xml"))
        #expect(try Self.names(directory.url.appendingPathComponent("reports")) == [])
    }

    @Test("a directory this user cannot write to is refused before a run (root writes everywhere, so only for others)", .enabled(if: getuid() != 0))
    func unwritableDirectory() throws {
        let directory = try TemporaryDirectory()
        let locked = directory.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try #require(chmod(locked.path, 0o500) == 0)
        defer { chmod(locked.path, 0o700) }
        let error = #expect(throws: AtomicFileWriter.WriteError.self) { try AtomicFileWriter.prepare(locked.appendingPathComponent("badge.json")) }
        #expect(error?.reason.hasPrefix("\(locked.path) is not writable: ") == true, "\(String(describing: error))")
    }
}
