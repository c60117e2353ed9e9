import Foundation
import SingleLoginEvents
@testable import SingleLoginReports
import Testing
import SingleLoginTestSupport

/// A split run's late-call warnings are the whole run's: `merge` keeps every shard's, as each
/// shard's own reports showed them.
@Suite("merge keeps every shard's late-call warnings in the merged events, summary.md and report.html")
struct MergedLateCallsTests {
    static let late =
        "the app's call 'msal.getCurrentAccount', made under request 7 ('event refresh', step 3), arrived after its test case's result was final"

    /// Shard `index` of 2, one passing test case of its own, ending with `lateCalls`, as read back from its file.
    static func shard(_ index: Int, lateCalls: [String], in directory: URL) throws -> (name: String, events: [Event]) {
        var context = SyntheticRun.context
        context.shard = RunContext.Shard(index: index, count: 2)
        let requirement = index == 1 ? SyntheticRun.login : SyntheticRun.logout
        let result = TestCaseResult(id: SyntheticRun.id(requirement, "shard \(index)"), requirement: requirement, outcome: .passed, duration: 0.5)
        var summary = RunSummary(results: [result], duration: 0.5, interrupted: false)
        summary.lateCalls = lateCalls
        let events = [
            Event(.runStarted(context, plan: [PlannedTestCase(id: result.id, requirement: requirement)]), date: SyntheticRun.start),
            Event(.requirementStarted(requirement), date: SyntheticRun.start),
            Event(.testCaseStarted(result.id), date: SyntheticRun.start),
            Event(.testCaseEnded(result), date: SyntheticRun.start),
            Event(.requirementEnded(RequirementResult(requirement: requirement, results: [result], gate: .mustAndShould)), date: SyntheticRun.start),
            Event(.runEnded(summary), date: SyntheticRun.start),
        ]
        let url = directory.appendingPathComponent("shard-\(index).jsonl")
        try events.reduce(into: Data()) { $0.append(JSONLinesRecorder.line(for: $1)) }.write(to: url)
        return (url.path, try EventStreamReader.events(at: url))
    }

    /// The merged stream, written and read back as `merge` writes it.
    static func merged(_ shards: [(name: String, events: [Event])], in directory: URL) throws -> [Event] {
        let url = directory.appendingPathComponent("merged.jsonl")
        try EventStreamMerger.merge(shards).reduce(into: Data()) { $0.append(JSONLinesRecorder.line(for: $1)) }.write(to: url)
        return try EventStreamReader.events(at: url)
    }

    static func lateCalls(_ events: [Event]) -> [String]? {
        events.lazy.compactMap { event -> [String]? in if case let .runEnded(summary) = event.kind { summary.lateCalls } else { nil } }.first
    }

    @Test("shards of two versions of a spec, or of one version in other bytes, are refused, naming what each ran")
    func differentSpecs() throws {
        let directory = try TemporaryDirectory()
        let first = try Self.shard(1, lateCalls: [], in: directory.url)
        let second = try Self.shard(2, lateCalls: [], in: directory.url)
        func edited(_ edit: (inout RunContext) -> Void) -> (name: String, events: [Event]) {
            (
                second.name,
                second.events.map { event in
                    guard case .runStarted(var context, let plan) = event.kind else { return event }
                    edit(&context)
                    return Event(.runStarted(context, plan: plan), date: event.date)
                }
            )
        }
        let version = SyntheticRun.context.specVersion
        let older = #expect(throws: EventStreamMerger.MergeError.self) { try EventStreamMerger.merge([first, edited { $0.specVersion = "0.9.0" }]) }
        #expect(older?.description == "\(second.name) ran single-login 0.9.0, \(first.name) ran single-login \(version): shards of one run share their spec")
        let bytes = #expect(throws: EventStreamMerger.MergeError.self) {
            try EventStreamMerger.merge([first, edited { $0.specSHA256 = "ffffffffffff" + $0.specSHA256 }])
        }
        #expect(bytes?.description.contains("ran single-login \(version) (SHA-256 ffffffffffff…)") == true, "\(String(describing: bytes))")
    }

    @Test("one shard's warning stays in the merged runEnded, the merged summary.md's Late call row and report.html")
    func oneShardWarns() throws {
        let directory = try TemporaryDirectory()
        let shards = [try Self.shard(1, lateCalls: [], in: directory.url), try Self.shard(2, lateCalls: [Self.late], in: directory.url)]
        #expect(Self.lateCalls(shards[1].events) == [Self.late], "the shard's own stream carries it")
        let merged = try Self.merged(shards, in: directory.url)
        #expect(Self.lateCalls(merged) == ["shard 2 of 2: " + Self.late], "the merged run names the shard it came from")

        let markdown = MarkdownChecklistRecorder(url: directory.url.appendingPathComponent("summary.md"))
        let html = HTMLReportRecorder(url: directory.url.appendingPathComponent("report.html"))
        for event in merged { for recorder in [markdown, html] as [any EventRecorder] { recorder.record(event) } }
        let summary = try String(contentsOf: markdown.url, encoding: .utf8)
        let rows = summary.split(separator: "\n").filter { $0.hasPrefix("| Late call |") }
        #expect(rows == ["| Late call | ⚠️ shard 2 of 2: \(Self.late) |"], "\(summary)")
        #expect(summary.contains("| Shards | merged from 2 shards"), "\(summary)")
        let page = try String(contentsOf: html.url, encoding: .utf8)
        #expect(page.components(separatedBy: "<strong>Late call:</strong>").count == 2, "one notice")
        #expect(page.contains("<strong>Late call:</strong> shard 2 of 2: the app&#39;s call &#39;msal.getCurrentAccount&#39;, made under request 7"), "\(page)")
    }

    @Test("the warnings of both shards, in shard order, two alike kept as two, each naming its shard")
    func everyShardInOrder() throws {
        let directory = try TemporaryDirectory()
        let first = ["first shard's call", Self.late]
        let second = [Self.late, "second shard's call"]
        let shards = [try Self.shard(1, lateCalls: first, in: directory.url), try Self.shard(2, lateCalls: second, in: directory.url)]
        let named = (first: first.map { "shard 1 of 2: " + $0 }, second: second.map { "shard 2 of 2: " + $0 })
        #expect(Self.lateCalls(try Self.merged(shards, in: directory.url)) == named.first + named.second)
        #expect(Self.lateCalls(try Self.merged(shards.reversed(), in: directory.url)) == named.second + named.first, "in the order the streams are given")
    }

    @Test("a run without late calls merges into a runEnded without lateCalls, as before")
    func noneStayNone() throws {
        let directory = try TemporaryDirectory()
        let shards = [try Self.shard(1, lateCalls: [], in: directory.url), try Self.shard(2, lateCalls: [], in: directory.url)]
        let line = String(decoding: JSONLinesRecorder.line(for: try #require(try Self.merged(shards, in: directory.url).last)), as: UTF8.self)
        #expect(line.contains("\"runEnded\"") && !line.contains("lateCalls"), "\(line)")
    }
}
