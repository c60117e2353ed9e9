import CommandLineKit
import Foundation
import SingleLoginEvents
import Testing
@testable import SingleLoginCommands

@Suite("Reports never disagree with the exit status: a report that cannot be written is exit 2, and nothing says PASSED")
struct ReportDestinationTests {
    /// A fresh directory holding a file named `afile`.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sl-destinations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: url.appendingPathComponent("afile"))
        return url
    }

    @Test(
        "a destination that is a file, inside a file, or a directory stops the run before it starts, exit 2 with path and reason",
        arguments: [
            (["run", "--reports", "{dir}/afile"], "{dir}/afile/junit.xml: {dir}/afile is a file, not a directory"),
            (["run", "--events", "{dir}/afile/e.jsonl"], "{dir}/afile/e.jsonl: {dir}/afile is a file, not a directory"),
            (["run", "--junit", "{dir}"], "{dir}: it is a directory; name a file"),
            (["run", "--markdown", "{dir}/afile/deeper/summary.md"], "{dir}/afile/deeper/summary.md: {dir}/afile is a file, not a directory"),
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
        let context = RunContext(
            specID: "s", specVersion: "1", specTitle: "S", specSHA256: "", harnessVersion: "0", adapter: nil, hostname: "h", startDate: Date())
        session.record(Event(.runStarted(context, plan: [])))
        let summary = RunSummary(results: [], duration: 0, interrupted: false)
        session.record(Event(.runEnded(summary)))
        let status = session.finish(ExitStatus(summary: summary, gate: .mustAndShould))
        #expect(status == 2)
        let lines = captured.standardOutput.split(separator: "\n")
        #expect(
            lines.last
                == "Result: ERROR (exit status 2: the reports were not written: \(reports.path)/junit.xml, \(reports.path)/summary.md, \(reports.path)/report.html)",
            "\(captured.standardOutput)")
        #expect(captured.standardError.contains("error: cannot write \(reports.path)/junit.xml: "))
        #expect(!captured.standardOutput.contains("PASSED"))
    }
}
