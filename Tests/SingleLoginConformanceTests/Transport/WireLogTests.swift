import Foundation
import Testing
@testable import SingleLoginTransport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The wire log says when it could not be written: a command then exits 2, as for a report")
struct WireLogTests {
    /// Runs `body` with a FIFO in a temporary directory of its own, removed after.
    func withFIFO(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-wire-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("wire.fifo")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        try body(fifo)
    }

    @Test("a FIFO whose reader went away stops the log, with the system's reason, and the run goes on")
    func readerGone() throws {
        try withFIFO { fifo in
            // Close-on-exec: a process another test starts meanwhile would otherwise inherit the
            // reader, and the FIFO would still have one after `close` (a `sleep 37` holds it for 37 s).
            let reader = open(fifo.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            try #require(reader >= 0)
            let log = try WireLog(url: fifo)
            log.note("first")
            #expect(log.failure == nil)
            close(reader)
            log.note("after the reader left")
            log.note("and another")
            #expect(log.failure == String(cString: strerror(EPIPE)), "\(log.failure ?? "nil")")
        }
    }

    @Test("a FIFO nobody reads is refused when the log is opened, not waited on")
    func nobodyReads() throws {
        try withFIFO { fifo in
            #expect { try WireLog(url: fifo) } throws: { ($0 as? WireLog.OpenError)?.reason == "no process reads this FIFO (open it for reading first)" }
        }
    }
}
