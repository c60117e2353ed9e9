import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

/// A case whose precondition failed is not judged: neither passed nor failed, naming the requirement
/// that blocked it in every report, and never counted as passed.
@Suite("A test case not judged reads 'blocked by' everywhere, and never passes")
struct NotJudgedTests {
    static let owner = RequirementSummary(id: "SL-SWITCH-3", level: .must, title: "The user changes while suspended.", tags: [], references: [])
    static let blocked = RequirementSummary(id: "SL-SPOTLIGHT-1", level: .must, title: "Nothing is left in Spotlight.", tags: [], references: [])
    static let blocker = Blocker(requirementID: "SL-SWITCH-3", reason: "at step 4 'resume': the app does not consider bob signed in")

    static var results: [TestCaseResult] {
        let failure = Issue(
            severity: .failure, kind: .expectation(.signedIn), message: "the app does not consider bob signed in", stepIndex: 3, expected: "bob",
            observed: "alice")
        let unmet = Issue(severity: .failure, kind: .preconditionUnmet, message: blocker.reason, stepIndex: 3, expected: "bob", observed: "alice")
        return [
            TestCaseResult(
                id: TestCaseID(requirementID: owner.id, scenarioName: "while suspended"), requirement: owner, outcome: .failed, duration: 0.1,
                issues: [failure]),
            TestCaseResult(
                id: TestCaseID(requirementID: blocked.id, scenarioName: "signs out from the app"), requirement: blocked, outcome: .passed, duration: 0.1),
            TestCaseResult(
                id: TestCaseID(requirementID: blocked.id, scenarioName: "the user changes while suspended"), requirement: blocked,
                outcome: .notJudged(blocker), duration: 0.1, issues: [unmet]),
        ]
    }

    static func events(_ results: [TestCaseResult] = results, gate: Gate = .mustAndShould) -> [Event] {
        let start = SyntheticRun.start
        var context = SyntheticRun.context
        context.gate = gate
        var events = [Event(.runStarted(context, plan: results.map { PlannedTestCase(id: $0.id, requirement: $0.requirement) }), date: start)]
        for result in results { events.append(Event(.testCaseEnded(result), date: start)) }
        for requirement in [owner, blocked] {
            let own = results.filter { $0.requirement.id == requirement.id }
            guard !own.isEmpty else { continue }
            events.append(Event(.requirementEnded(RequirementResult(requirement: requirement, results: own, gate: gate)), date: start))
        }
        events.append(Event(.runEnded(RunSummary(results: results, duration: 0.3, interrupted: false)), date: start))
        return events
    }

    @Test("a requirement with a passed and a blocked case is not judged, never passed; a failed case outweighs it")
    func aggregation() {
        let own = Self.results.filter { $0.requirement.id == Self.blocked.id }
        #expect(Verdict(aggregating: own, gate: .mustAndShould) == .notJudged(Self.blocker))
        #expect(Verdict(aggregating: Self.results, gate: .mustAndShould) == .failed)
        #expect(!Verdict.notJudged(Self.blocker).isPassing && !Verdict.notJudged(Self.blocker).isFailing)
    }

    @Test("it gates as a failure of its level: a MUST one always, a SHOULD one not under --level must")
    func gate() {
        let alone = Self.results.filter { $0.requirement.id == Self.blocked.id }
        let summary = RunSummary(results: alone, duration: 0, interrupted: false)
        #expect(summary.notJudgedMust == 1 && summary.passed == 1 && summary.total == 2)
        #expect(ExitStatus(summary: summary, gate: .mustOnly) == .requirementFailures)
        var should = alone
        for index in should.indices { should[index].requirement.level = .should }
        let shouldSummary = RunSummary(results: should, duration: 0, interrupted: false)
        #expect(ExitStatus(summary: shouldSummary, gate: .mustAndShould) == .requirementFailures)
        #expect(ExitStatus(summary: shouldSummary, gate: .mustOnly) == .passed)
        // JUnit says the same: a <failure> where it gates, a <skipped> where it does not.
        var context = SyntheticRun.context
        for (gate, element) in [(Gate.mustAndShould, "<failure message=\"not judged: "), (.mustOnly, "<skipped message=\"not judged: ")] {
            context.gate = gate
            let xml = String(decoding: JUnitXMLRecorder.render(results: should, context: context), as: UTF8.self)
            #expect(xml.contains(element), "\(gate): \(xml)")
        }
    }

    @Test("console: BLOCKED, 'blocked by' after the title, a Not judged list, and the totals count it")
    func console() {
        let sink = TextSink()
        let recorder = ConsoleRecorder(write: sink.write)
        for event in Self.events() { recorder.record(event) }
        #expect(
            sink.value.contains(
                "BLOCKED  SL-SPOTLIGHT-1  MUST    Nothing is left in Spotlight — blocked by SL-SWITCH-3: at step 4 'resume': the app does not consider bob signed in\n"
            ), "\(sink.value)")
        #expect(sink.value.contains("Not judged (a precondition failed"), "\(sink.value)")
        #expect(sink.value.contains("  SL-SPOTLIGHT-1 / the user changes while suspended — blocked by SL-SWITCH-3: "), "\(sink.value)")
        #expect(sink.value.contains("1 passed, 1 failed, 0 errors, 0 skipped, 1 not judged"), "\(sink.value)")
    }

    @Test(
        "JUnit fails a MUST case 'not judged: blocked by' (as exit status 1 does), and a baseline reads it back; summary.md and the event stream name the blocker"
    )
    func files() throws {
        let directory = try TemporaryDirectory()
        let junit = JUnitXMLRecorder(url: directory.url.appendingPathComponent("junit.xml"))
        let markdown = MarkdownChecklistRecorder(url: directory.url.appendingPathComponent("summary.md"))
        let eventsURL = directory.url.appendingPathComponent("events.jsonl")
        let lines = JSONLinesRecorder(url: eventsURL)
        for event in Self.events() { for recorder in [junit, markdown, lines] as [any EventRecorder] { recorder.record(event) } }
        let xml = try String(contentsOf: junit.url, encoding: .utf8)
        #expect(
            xml.contains(
                #"<failure message="not judged: blocked by SL-SWITCH-3: at step 4 &apos;resume&apos;: the app does not consider bob signed in" type="notJudged">"#
            ), "\(xml)")
        #expect(xml.contains(#"<property name="requirement.verdict" value="notJudged"/>"#), "\(xml)")
        let verdicts = CaseVerdicts(junit: try JUnitMerger.parse(Data(contentsOf: junit.url)))
        #expect(verdicts[TestCaseID(requirementID: "SL-SPOTLIGHT-1", scenarioName: "the user changes while suspended")]?.verdict == .notJudged(Self.blocker))
        let summary = try String(contentsOf: markdown.url, encoding: .utf8)
        #expect(summary.contains("| ⊘ not judged: blocked by SL-SWITCH-3 | SL-SPOTLIGHT-1 |"), "\(summary)")
        #expect(summary.contains("## Not judged"), "\(summary)")
        #expect(summary.contains("1 not judged (a precondition failed)"), "\(summary)")
        let stream = try EventStreamReader.events(at: eventsURL)
        let ended = stream.compactMap { event -> TestCaseResult? in if case .testCaseEnded(let result) = event.kind { result } else { nil } }
        #expect(ended.map(\.outcome) == Self.results.map(\.outcome))
        let totals = stream.compactMap { event -> RunSummary? in if case .runEnded(let summary) = event.kind { summary } else { nil } }
        #expect(totals.first?.notJudgedMust == 1)
    }

    @Test("a baseline where it passed makes it newly failing; passing again after not judged is newly passing")
    func baseline() {
        let id = TestCaseID(requirementID: "SL-SPOTLIGHT-1", scenarioName: "the user changes while suspended")
        let passed = CaseVerdicts([CaseVerdicts.Entry(id: id, verdict: .passed, level: "MUST")])
        let blocked = CaseVerdicts([CaseVerdicts.Entry(id: id, verdict: .notJudged(Self.blocker), level: "MUST")])
        #expect(BaselineComparison(baseline: passed, current: blocked).newlyFailing.map(\.id) == [id])
        #expect(BaselineComparison(baseline: blocked, current: passed).newlyPassing.map(\.id) == [id])
        #expect(BaselineComparison(baseline: blocked, current: blocked).regressions.isEmpty)
    }

    @Test("the owner's waiver leaves it not judged; a waiver of its own requirement makes it waived, never a pass")
    func waivers() {
        func outcome(waiving subject: Waiver.Subject) -> [TestCaseResult.Outcome] {
            let waiver = Waiver(subject: subject, reason: "known", link: "https://example.com/1", expires: "2099-01-01", appVersions: nil, location: nil)
            let stage = WaiverStage(file: WaiverFile(waivers: [waiver]), today: "2025-03-01", strict: false)
            return Self.events().map(stage.rewrite).compactMap { event -> TestCaseResult.Outcome? in
                if case .testCaseEnded(let result) = event.kind, result.id.scenarioName == "the user changes while suspended" { result.outcome } else { nil }
            }
        }
        #expect(outcome(waiving: .requirement("SL-SWITCH-3")) == [.notJudged(Self.blocker)])
        let own = outcome(waiving: .requirement("SL-SPOTLIGHT-1"))
        #expect(own == [.waived(WaivedFailure(reason: "known", link: "https://example.com/1", expires: "2099-01-01"))], "\(own)")
    }

    @Test("a waived failure reads back from what it renders, in the event stream and in JUnit")
    func waivedText() {
        let failure = WaivedFailure(reason: "known", link: "https://example.com/1", expires: "2099-01-01")
        #expect(failure.description == "waived: known (https://example.com/1; expires 2099-01-01)")
        #expect(WaivedFailure(description: failure.description) == failure)
        #expect(WaivedFailure(description: "skipped by selection") == nil)
        #expect(JUnitReport.Result.skipped(message: failure.description).verdict == .waived(failure))
    }

    @Test("a blocker reads back from what it renders")
    func blockerText() {
        #expect(Blocker(description: Self.blocker.description) == Self.blocker)
        #expect(Blocker(description: "blocked by SL-LOGIN-1") == Blocker(requirementID: "SL-LOGIN-1", reason: ""))
        #expect(Blocker(description: "not a blocker") == nil)
    }
}
