import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

/// A test case the adapter cannot play for want of a capability is untested: its requirement is
/// not fully tested, never passed, in every report, though the run still passes.
@Suite("An untested case leaves its requirement not fully tested, never passed, in every report")
struct UntestedTests {
    static let held = RequirementSummary(id: "SL-LOGOUT-2", level: .must, title: "Signed out while not running.", tags: [], references: [])
    static let plain = RequirementSummary(id: "SL-LOGIN-1", level: .must, title: "Signed in silently.", tags: [], references: [])
    static let reason = "the scenario holds an answer across later steps, and the adapter did not declare the capability concurrentCalls"

    static var results: [TestCaseResult] {
        [
            TestCaseResult(id: TestCaseID(requirementID: plain.id, scenarioName: "a"), requirement: plain, outcome: .passed, duration: 0.1),
            TestCaseResult(id: TestCaseID(requirementID: held.id, scenarioName: "fast"), requirement: held, outcome: .passed, duration: 0.1),
            TestCaseResult(id: TestCaseID(requirementID: held.id, scenarioName: "slow"), requirement: held, outcome: .untested(reason: reason), duration: 0),
        ]
    }

    static var events: [Event] { SyntheticRun.events(of: results, requirements: [plain, held]) }

    @Test("a requirement with a passed and an untested case is untested; untested outweighs a pass, a waiver and worse outweigh it")
    func aggregation() {
        let cases = Self.results.filter { $0.requirement.id == Self.held.id }
        #expect(Verdict(aggregating: cases, gate: .mustAndShould) == .untested(reason: Self.reason))
        let failed = TestCaseResult(id: TestCaseID(requirementID: Self.held.id, scenarioName: "other"), requirement: Self.held, outcome: .failed, duration: 0)
        #expect(Verdict(aggregating: cases + [failed], gate: .mustAndShould) == .failed)
        let summary = RunSummary(results: Self.results, duration: 0, interrupted: false)
        #expect(summary.untested == 1 && summary.skipped == 1 && summary.passed == 2)
        #expect(ExitStatus(summary: summary, gate: .mustAndShould) == .passed)
    }

    @Test("the console names the requirement UNTESTED with how many cases, and the last line names it")
    func console() {
        let sink = TextSink()
        let recorder = ConsoleRecorder(write: sink.write)
        for event in Self.events { recorder.record(event) }
        let line = "UNTESTED SL-LOGOUT-2  MUST    Signed out while not running — 1 of 2 test cases untested: \(Self.reason)\n"
        #expect(sink.value.contains(line), "\(sink.value)")
        #expect(sink.value.contains("PASS     SL-LOGIN-1   MUST"), "the other rows keep their columns: \(sink.value)")
        #expect(sink.value.contains("2 passed, 0 failed, 0 errors, 1 skipped (1 of them untested)"), "\(sink.value)")
        #expect(sink.value.contains("Result: PASSED with 1 requirement not fully tested (SL-LOGOUT-2) (exit status 0:"), "\(sink.value)")
    }

    @Test("the badge counts it and does not pass it; summary.md and report.html say so; JUnit skips it with the reason")
    func reports() throws {
        let record = Self.events.reduce(into: RunRecord()) { $0.take($1) }
        let badge = ShieldsBadge(record)
        #expect(badge.message == "1/2 MUST, 1 untested" && badge.color == "yellow", "\(badge)")
        let summary = MarkdownChecklistRecorder.render(
            results: record.orderedResults, requirements: record.orderedRequirementResults, context: record.effectiveContext,
            summary: RunSummary(results: Self.results, duration: 0.2, interrupted: false))
        #expect(summary.contains(": 🔶 passed, 1 requirement not fully tested"), "\(summary)")
        #expect(summary.contains("0 of 2 MUST requirements failed, 1 not fully tested (the adapter lacks a capability)"), "\(summary)")
        #expect(summary.contains("| 🔶 untested | SL-LOGOUT-2 |"), "\(summary)")
        #expect(summary.contains("## Untested\n") && summary.contains("- SL-LOGOUT-2 / slow: \(Self.reason)"), "\(summary)")
        let html = HTMLReport(record).render()
        #expect(html.contains("◇ Untested") && html.contains(Self.reason), "\(html)")
        #expect(html.contains("PASSED with 1 requirement not fully tested"), "the title says so")
        #expect(html.contains("every requirement that ran passed, but 1 requirement is not fully tested (SL-LOGOUT-2)"), "the header says so")
        #expect(html.contains("<strong>1</strong> untested"), "the counts say so")
        #expect(html.contains("<td>1 of 2 passed, 1 untested</td>"), "the row says what of it was played")
        let junit = String(decoding: JUnitXMLRecorder.render(results: record.orderedResults, context: record.effectiveContext), as: UTF8.self)
        #expect(junit.contains("<skipped message=\"\(Self.reason)\"/>"), "\(junit)")
    }

    @Test("the event stream marks it untested on a skipped outcome, and reads it back as untested")
    func eventStream() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("events.jsonl")
        let recorder = JSONLinesRecorder(url: url)
        for event in Self.events { recorder.record(event) }
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""outcome":"skipped""#) && text.contains(#""untested":true"#), "\(text)")
        let read = try EventStreamReader.events(at: url)
        let outcomes = read.compactMap { if case .testCaseEnded(let result) = $0.kind { result.outcome } else { nil } }
        #expect(outcomes.contains(.untested(reason: Self.reason)), "\(outcomes)")
        let summaries = read.compactMap { if case .runEnded(let summary) = $0.kind { summary } else { nil } }
        #expect(summaries.first?.untested == 1)
    }
}
