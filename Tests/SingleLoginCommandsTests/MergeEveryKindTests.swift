import Foundation
import SingleLoginEvents
import SingleLoginReports
import Testing

@Suite("merge joins every report kind of three shards: JUnit, the event stream, summary.md, report.html and the badge")
struct MergeEveryKindTests {
    @Test("three shards of a run with a flaw merge into the reports of the whole run")
    func threeShards() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-merge-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let flaw = ["--reference-flaw", "ignoresBroadcast"]
        for index in 1...3 {
            let reports = directory.appendingPathComponent("\(index)")
            _ = await Tool.run(
                ["run", "--quiet", "--shard", "\(index)/3", "--reports", reports.path, "--events", reports.appendingPathComponent("events.jsonl").path] + flaw)
        }
        let whole = directory.appendingPathComponent("whole")
        let wholeRun = await Tool.run(
            ["run", "--quiet", "--reports", whole.path, "--events", whole.appendingPathComponent("events.jsonl").path]
                + ["--badge", whole.appendingPathComponent("badge.json").path] + flaw)
        #expect(wholeRun.status == 1, "the flaw fails the run: \(wholeRun.err)")

        let merged = directory.appendingPathComponent("merged")
        let shards = (1...3).map { directory.appendingPathComponent("\($0)") }
        let junit = await Tool.run(["merge", merged.appendingPathComponent("junit.xml").path] + shards.map { $0.appendingPathComponent("junit.xml").path })
        #expect(junit.status == 0, "\(junit.err)")
        let events = await Tool.run(
            ["merge", merged.appendingPathComponent("events.jsonl").path] + shards.map { $0.appendingPathComponent("events.jsonl").path }
                + ["--markdown", merged.appendingPathComponent("summary.md").path, "--html", merged.appendingPathComponent("report.html").path]
                + ["--badge", merged.appendingPathComponent("badge.json").path])
        #expect(events.status == 0, "\(events.err)")
        #expect(events.err.hasSuffix(" and \(merged.appendingPathComponent("badge.json").path)\n"), "\(events.err)")

        // The badge: the whole run's, computed from every shard's results (red: the flaw fails a MUST).
        let badge = try String(contentsOf: merged.appendingPathComponent("badge.json"), encoding: .utf8)
        #expect(badge == (try String(contentsOf: whole.appendingPathComponent("badge.json"), encoding: .utf8)))
        #expect(badge.contains("\"color\":\"red\""), "\(badge)")

        // The event stream: one run, every test case once, the totals of the whole run.
        let stream = try EventStreamReader.events(at: merged.appendingPathComponent("events.jsonl"))
        let wholeStream = try EventStreamReader.events(at: whole.appendingPathComponent("events.jsonl"))
        let starts = stream.compactMap { event -> RunContext? in if case let .runStarted(context, _) = event.kind { context } else { nil } }
        #expect(starts.count == 1 && starts.first?.shard == nil && starts.first?.mergedShards == 3)
        let ends = stream.compactMap { event -> RunSummary? in if case let .runEnded(summary) = event.kind { summary } else { nil } }
        let wholeEnd = try #require(
            wholeStream.compactMap { event -> RunSummary? in if case let .runEnded(summary) = event.kind { summary } else { nil } }.first)
        #expect(ends.count == 1)
        let end = try #require(ends.first)
        #expect(
            (end.passed, end.failedMust, end.failedShould, end.errored, end.skipped, end.notRun) == (
                wholeEnd.passed, wholeEnd.failedMust, wholeEnd.failedShould, wholeEnd.errored, wholeEnd.skipped, wholeEnd.notRun
            ))
        func endedCases(_ events: [Event]) -> [String] {
            events.compactMap { event in if case let .testCaseEnded(result) = event.kind { "\(result.id) \(result.outcome)" } else { nil } }.sorted()
        }
        #expect(endedCases(stream) == endedCases(wholeStream))
        #expect(stream.first.map { if case .runStarted = $0.kind { true } else { false } } == true)
        #expect(stream.last.map { if case .runEnded = $0.kind { true } else { false } } == true)

        // summary.md: says it merged three shards, no shard of its own, and the whole run's totals and rows.
        let summary = try String(contentsOf: merged.appendingPathComponent("summary.md"), encoding: .utf8)
        let wholeSummary = try String(contentsOf: whole.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(
            summary.contains(
                "| Shards | merged from 3 shards by `sl-conformance merge`: this report covers their \(endedCases(wholeStream).count) test cases |"),
            "\(summary)")
        #expect(!summary.contains("shard 1 of 3") && !summary.contains("| Shard |"))
        func rows(_ text: String, starting prefix: String) -> [String] { text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) } }
        #expect(rows(summary, starting: "| Requirements |") == rows(wholeSummary, starting: "| Requirements |"))
        #expect(rows(summary, starting: "| Test cases |") == rows(wholeSummary, starting: "| Test cases |"))
        #expect(rows(summary, starting: "| ❌").sorted() == rows(wholeSummary, starting: "| ❌").sorted())
        // The requirements in the spec's order, as the whole run lists them, not shard after shard.
        func order(_ text: String) -> [String] { rows(text, starting: "| ").compactMap { $0.firstMatch(of: #/\| (SL-[A-Z]+-\d+) \|/#).map { String($0.1) } } }
        #expect(order(summary) == order(wholeSummary) && order(summary).count == 42, "\(order(summary))")
        #expect(rows(summary, starting: "| Exit status |") == ["| Exit status | 1 |"])

        // report.html: a row for every requirement, and the whole run's failures.
        let html = try String(contentsOf: merged.appendingPathComponent("report.html"), encoding: .utf8)
        let wholeHTML = try String(contentsOf: whole.appendingPathComponent("report.html"), encoding: .utf8)
        func failedRows(_ page: String) -> Int { page.components(separatedBy: "✗ Failed").count }
        #expect(failedRows(html) == failedRows(wholeHTML), "the merged page shows the whole run's failures")
        for requirement in Set(endedCases(wholeStream).map { String($0.prefix { $0 != " " }) }) {
            #expect(html.contains(requirement), "\(requirement) is on the merged page")
        }

        // JUnit: every case once.
        let xml = try String(contentsOf: merged.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == endedCases(wholeStream).count)
    }

    @Test("merge refuses to mix kinds, and --markdown, --html or --badge without event streams")
    func usage() async {
        let mixed = await Tool.run(["merge", "out.xml", "a.xml", "b.jsonl"])
        #expect(mixed.status == 64 && mixed.err.contains("merge joins reports of one kind"), "\(mixed.err)")
        let markdown = await Tool.run(["merge", "out.xml", "a.xml", "--markdown", "s.md"])
        #expect(markdown.status == 64 && markdown.err.contains("--markdown needs the shards' event streams"), "\(markdown.err)")
        let html = await Tool.run(["merge", "out.xml", "a.xml", "--html", "r.html"])
        #expect(html.status == 64 && html.err.contains("--html needs the shards' event streams"), "\(html.err)")
        let badge = await Tool.run(["merge", "out.xml", "a.xml", "--badge", "b.json"])
        #expect(badge.status == 64 && badge.err.contains("--badge needs the shards' event streams"), "\(badge.err)")
    }
}
