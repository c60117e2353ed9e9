import CommandLineKit
import Foundation
import SingleLoginEvents
import Testing
@testable import SingleLoginCommands
import SingleLoginTestSupport

@Suite("Reports never disagree with the exit status: a report that cannot be written is exit 2, and nothing says PASSED")
struct ReportDestinationTests {
    /// A fresh directory holding a file named `afile`.
    static func directory() throws -> URL {
        // Short: a socket's path must fit in sun_path (104 bytes on Darwin, whose temporary folder
        // is /var/folders/<2>/<30>/T/), and `s.sock` is made in it.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sl-dest-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: url.appendingPathComponent("afile"))
        try UnixSocketFile.make(at: url.appendingPathComponent("s.sock"))
        return url
    }

    @Test(
        "a destination that is a file, inside a file, or a directory stops the run before it starts, exit 2 with path and reason",
        arguments: [
            (["run", "--reports", "{dir}/afile"], "{dir}/afile/junit.xml: {dir}/afile is a file, not a directory"),
            (["run", "--events", "{dir}/afile/e.jsonl"], "{dir}/afile/e.jsonl: {dir}/afile is a file, not a directory"),
            (["run", "--junit", "{dir}"], "{dir}: it is a directory; name a file"),
            (["run", "--markdown", "{dir}/afile/deeper/summary.md"], "{dir}/afile/deeper/summary.md: {dir}/afile is a file, not a directory"),
            (["run", "--badge", "{dir}/afile/badge.json"], "{dir}/afile/badge.json: {dir}/afile is a file, not a directory"),
            (["run", "--bundle", "{dir}/afile/evidence.tar"], "{dir}/afile/evidence.tar: {dir}/afile is a file, not a directory"),
            // The wire log is an output like the others: checked with them, exit 2, not a usage error.
            (["run", "--wire-log", "{dir}/afile/wire.log"], "{dir}/afile/wire.log: {dir}/afile is a file, not a directory"),
            (["run", "--junit", "{dir}/s.sock"], "{dir}/s.sock: it is a socket; name a file"),
            // Checked before the listener is bound: nothing announces a port that nobody will serve.
            (["run", "--listen", "127.0.0.1:0", "--reports", "{dir}/afile"], "{dir}/afile/junit.xml: {dir}/afile is a file, not a directory"),
            (["explore", "--runs", "1", "--reports", "{dir}/afile"], "{dir}/afile/explore-junit.xml: {dir}/afile is a file, not a directory"),
            (
                ["explore", "--runs", "1", "--reports", "{dir}", "--counterexample", "{dir}/afile/ce.json"],
                "{dir}/afile/ce.json: {dir}/afile is a file, not a directory"
            ),
            (["preflight", "--project", ".", "--reports", "{dir}/afile"], "{dir}/afile/preflight-junit.xml: {dir}/afile is a file, not a directory"),
            (["backend", "--start", "false", "--reports", "{dir}/afile"], "{dir}/afile/backend-junit.xml: {dir}/afile is a file, not a directory"),
        ])
    func refusedBeforeRunning(words: [String], reason: String) async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fill = { (text: String) in text.replacingOccurrences(of: "{dir}", with: directory.path) }
        let run = await Tool.run(words.map(fill))
        #expect(run.status == 2, "\(run.err)")
        #expect(run.err.hasPrefix("error: cannot write \(fill(reason))\n"), "\(run.err)")
        #expect(!run.out.contains("PASSED"))
        #expect(!run.out.contains("Running ") && !run.out.contains("Exploring "), "nothing ran")
    }

    @Test("--junit naming a FIFO writes the report into it, for the reader waiting on it, and the FIFO stays a FIFO")
    func fifo() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("junit.fifo")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        // Open before the run and not blocking: one requirement's report fits in the pipe's buffer,
        // so it is all there when the run ends (and a regression fails instead of waiting).
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        let run = await Tool.run([
            "run", "--only", "SL-LOGIN-1", "--quiet", "--reports", directory.appendingPathComponent("reports").path, "--junit", fifo.path,
        ])
        #expect(run.status == 0, "\(run.err)")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        #expect(String(decoding: received, as: UTF8.self).contains("<testsuites"), "the reader got the JUnit XML")
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }

    @Test("a directory this user cannot write to stops the run before it starts (root writes everywhere, so only for others)", .enabled(if: getuid() != 0))
    func unwritable() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let locked = directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try #require(chmod(locked.path, 0o500) == 0)
        defer { chmod(locked.path, 0o700) }
        let run = await Tool.run(["run", "--reports", directory.appendingPathComponent("reports").path, "--badge", locked.path + "/badge.json"])
        #expect(run.status == 2)
        #expect(run.err.hasPrefix("error: cannot write \(locked.path)/badge.json: \(locked.path) is not writable: "), "\(run.err)")
        #expect(!run.out.contains("Running "), "nothing ran")
    }

    @Test("a report that fails at the end after summary.md was written: summary.md is written again and says exit status 2, as the process does")
    func summaryRestated() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = directory.appendingPathComponent("reports")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        let arguments = try ArgumentParser.parse(
            ["--reports", reports.path, "--junit", elsewhere.path + "/junit.xml", "--quiet"], signature: ReportOptions<RunReportFiles>.signature)
        let options = try ReportOptions<RunReportFiles>(parsing: arguments)
        let captured = CapturedOutput()
        let session = try options.session(output: captured.output)
        // The JUnit file's directory was fine when the run started; it is a file by the time the reports are written.
        try FileManager.default.removeItem(at: elsewhere)
        try Data().write(to: elsewhere)
        let status = Self.finishRunOfNothing(session)
        #expect(status == 2)
        let markdown = try String(contentsOf: reports.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(markdown.contains("| Exit status | 2 |"), "\(markdown)")
        #expect(markdown.contains("| Reports not written | ⚠️ \(elsewhere.path)/junit.xml: the exit status is 2"), "\(markdown)")
        #expect(!markdown.contains("✅ passed"))
        let page = try String(contentsOf: reports.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("<strong>INCOMPLETE</strong> <span>exit status 2: reports not written (\(elsewhere.path)/junit.xml)"), "\(page)")
        #expect(!page.contains("PASSED"), "\(page)")
        #expect(page.hasSuffix("</html>\n"), "the rest of the page is as it was")
    }

    @Test("a report that fails to be written at the end makes the last line an ERROR naming it, and the status 2")
    func failsAtTheEnd() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = directory.appendingPathComponent("reports")
        let arguments = try ArgumentParser.parse(["--reports", reports.path, "--quiet"], signature: ReportOptions<RunReportFiles>.signature)
        let options = try ReportOptions<RunReportFiles>(parsing: arguments)
        let captured = CapturedOutput()
        let session = try options.session(output: captured.output)
        // The directory was fine when the run started; it is a file by the time the reports are written.
        try FileManager.default.removeItem(at: reports)
        try Data().write(to: reports)
        let status = Self.finishRunOfNothing(session)
        #expect(status == 2)
        let lines = captured.standardOutput.split(separator: "\n")
        #expect(
            lines.last
                == "Result: ERROR (exit status 2: the reports were not written: \(reports.path)/junit.xml, \(reports.path)/summary.md, \(reports.path)/report.html)",
            "\(captured.standardOutput)")
        #expect(captured.standardError.contains("error: cannot write \(reports.path)/junit.xml: "))
        #expect(captured.standardError.contains("\n  fix: make it writable"), "\(captured.standardError)")
        #expect(!captured.standardOutput.contains("PASSED"))
    }

    /// Plays a run of no test cases through `session` and finishes it: the reports are written then.
    static func finishRunOfNothing(_ session: ReportSession) -> Int32 {
        let context = RunContext(
            specID: "s", specVersion: "1", specTitle: "S", specSHA256: "", harnessVersion: "0", adapter: nil, hostname: "h", startDate: Date())
        session.record(Event(.runStarted(context, plan: [])))
        let summary = RunSummary(results: [], duration: 0, interrupted: false)
        session.record(Event(.runEnded(summary)))
        return session.finish(ExitStatus(summary: summary, gate: .mustAndShould))
    }

    @Test("a run that ends before it starts (an invalid spec, 65) replaces an earlier run's passing reports with ones that say it did not start")
    func staleReportsReplaced() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = directory.appendingPathComponent("r").path
        let passed = await Tool.run(["run", "--quiet", "--only", "SL-LOGIN-1", "--reports", reports])
        #expect(passed.status == 0, "\(passed.err)")
        let spec = directory.appendingPathComponent("bad.json")
        try Data("{\"formatVersion\": \"1.0\",}".utf8).write(to: spec)
        let invalid = await Tool.run(["run", "--spec", spec.path, "--reports", reports])
        #expect(invalid.status == 65)
        let junit = try String(contentsOfFile: reports + "/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"tests="1" failures="0" errors="1""#), "\(junit)")
        #expect(junit.contains("sl-conformance run did not start: exit status 65 (invalid spec)"), "\(junit)")
        let summary = try String(contentsOfFile: reports + "/summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("# sl-conformance run: ERROR") && summary.contains("| Exit status | 65 |"), "\(summary)")
        let page = try String(contentsOfFile: reports + "/report.html", encoding: .utf8)
        #expect(page.contains("<title>sl-conformance run: ERROR</title>") && !page.contains("PASSED"), "\(page)")
    }
}
