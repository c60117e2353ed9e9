import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

/// A case that does not apply (a multi-tenant case against a single-tenant backend) is its own
/// kind of skip: it reads so in every report and leaves nothing "skipped, not verified".
@Suite("A test case that does not apply reads so, and is not a skip left unverified")
struct DoesNotApplyTests {
    static let requirement = RequirementSummary(id: "BE-ISS-2", level: .must, title: "The issuer matches the token's tenant.", tags: [], references: [])
    static let applies = RequirementSummary(id: "BE-ISS-1", level: .must, title: "The issuer is the home tenant's.", tags: [], references: [])

    static var events: [Event] {
        let start = SyntheticRun.start
        let passed = TestCaseResult(
            id: TestCaseID(requirementID: applies.id, scenarioName: "single-tenant backend"), requirement: applies, outcome: .passed, duration: 0.1)
        let notApplicable = TestCaseResult(
            id: TestCaseID(requirementID: requirement.id, scenarioName: "single-tenant backend"), requirement: requirement,
            outcome: .doesNotApply(reason: "does not apply to a single-tenant backend"), duration: 0)
        let results = [passed, notApplicable]
        var events = [Event(.runStarted(SyntheticRun.context, plan: results.map { PlannedTestCase(id: $0.id, requirement: $0.requirement) }), date: start)]
        for result in results {
            events.append(Event(.testCaseEnded(result), date: start))
            events.append(Event(.requirementEnded(RequirementResult(requirement: result.requirement, results: [result], gate: .mustAndShould)), date: start))
        }
        events.append(Event(.runEnded(RunSummary(results: results, duration: 0.1, interrupted: false)), date: start))
        return events
    }

    @Test("the console's line says it does not apply, the totals count it apart, and the pass is not 'skipped, not verified'")
    func console() {
        let sink = TextSink()
        let recorder = ConsoleRecorder(write: sink.write)
        for event in Self.events { recorder.record(event) }
        #expect(
            sink.value.contains("N/A      BE-ISS-2  MUST    The issuer matches the token's tenant — does not apply to a single-tenant backend\n"),
            "\(sink.value)")
        #expect(sink.value.contains("1 passed, 0 failed, 0 errors, 0 skipped, 1 does not apply"), "\(sink.value)")
        #expect(sink.value.contains("Result: PASSED (exit status 0: every gating requirement passed)"), "\(sink.value)")
        #expect(!sink.value.contains("not verified"))
    }

    @Test("JUnit skips it with the reason; summary.md marks it; the event stream names its outcome")
    func files() throws {
        let directory = try TemporaryDirectory()
        let junit = JUnitXMLRecorder(url: directory.url.appendingPathComponent("junit.xml"))
        let markdown = MarkdownChecklistRecorder(url: directory.url.appendingPathComponent("summary.md"))
        let events = directory.url.appendingPathComponent("events.jsonl")
        for event in Self.events { for recorder in [junit, markdown, JSONLinesRecorder(url: events)] as [any EventRecorder] { recorder.record(event) } }
        let xml = try String(contentsOf: junit.url, encoding: .utf8)
        #expect(xml.contains(#"<skipped message="does not apply to a single-tenant backend"/>"#), "\(xml)")
        let summary = try String(contentsOf: markdown.url, encoding: .utf8)
        #expect(summary.contains("| ➖ does not apply | BE-ISS-2 |"), "\(summary)")
        #expect(summary.contains("1 does not apply"), "\(summary)")
        // The requirements row says so too: the badge does not count it among the MUST requirements.
        #expect(summary.contains("0 of 2 MUST requirements failed, 1 does not apply"), "\(summary)")
    }

    @Test("a requirement whose cases are skipped and do not apply is skipped: a skip outweighs 'does not apply'")
    func aggregation() {
        let skipped = TestCaseResult(
            id: TestCaseID(requirementID: "R", scenarioName: "a"), requirement: Self.requirement, outcome: .skipped(reason: "not selected"), duration: 0)
        let notApplicable = TestCaseResult(
            id: TestCaseID(requirementID: "R", scenarioName: "b"), requirement: Self.requirement, outcome: .doesNotApply(reason: "n/a"), duration: 0)
        #expect(Verdict(aggregating: [notApplicable, skipped], gate: .mustAndShould) == .skipped(reason: "not selected"))
        #expect(Verdict(aggregating: [notApplicable], gate: .mustAndShould) == .doesNotApply(reason: "n/a"))
    }
}
