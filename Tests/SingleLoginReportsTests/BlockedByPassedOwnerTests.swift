import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

/// A case blocked by a requirement that passed every case of its own failed a precondition in a
/// state none of the owner's scenarios reaches: "fix that first" would send the reader to a
/// requirement with nothing to fix, so every report says where to look instead; and an owner a
/// selection left out is named as not run, so the reader runs it before deciding.
@Suite("A case blocked by a requirement that passed or did not run says so, and says where to look")
struct BlockedByPassedOwnerTests {
    static let owner = RequirementSummary(id: "SL-SWITCH-1", level: .must, title: "The user changes.", tags: [], references: [])
    static let failingOwner = RequirementSummary(id: "SL-LOGOUT-1", level: .must, title: "Signed out while running.", tags: [], references: [])
    static let blocked = RequirementSummary(id: "SL-INFLIGHT-1", level: .must, title: "Late answers.", tags: [], references: [])
    static let unselected = RequirementSummary(id: "SL-NOTIFY-1", level: .must, title: "Notifications.", tags: [], references: [])
    static let note = "SL-SWITCH-1 passed its own test cases, none of which reaches this state: this case's evidence shows what failed"
    static let notRunNote = "SL-NOTIFY-1 did not run here: run it too, to see whether it fails for the same defect"

    /// The case whose owner passed, with the failed precondition it recorded.
    static var blockedByPassedOwner: TestCaseResult {
        var result = TestCaseResult(
            id: TestCaseID(requirementID: blocked.id, scenarioName: "user change during the launch"), requirement: blocked,
            outcome: .notJudged(Blocker(requirementID: owner.id, reason: "at step 3 'switchUser': bob is not shown")), duration: 0.1)
        result.issues = [
            Issue(
                severity: .failure, kind: .preconditionUnmet, message: "the app does not consider bob signed in", stepIndex: 2,
                expected: "signedInAccount: bob", observed: "signedInAccount: alice")
        ]
        return result
    }

    static var results: [TestCaseResult] {
        func result(_ requirement: RequirementSummary, _ scenario: String, _ outcome: TestCaseResult.Outcome) -> TestCaseResult {
            TestCaseResult(id: TestCaseID(requirementID: requirement.id, scenarioName: scenario), requirement: requirement, outcome: outcome, duration: 0.1)
        }
        return [
            result(owner, "while running", .passed),
            result(failingOwner, "signed out while running", .failed),
            blockedByPassedOwner,
            result(blocked, "Jamf Reset", .notJudged(Blocker(requirementID: failingOwner.id, reason: "at step 2 'globalSignOut': alice still shown"))),
            result(blocked, "notification", .notJudged(Blocker(requirementID: unselected.id, reason: "at step 2 'tapSignOut': reminder left"))),
            result(unselected, "signs out", .skipped(reason: "not selected (only: SL-INFLIGHT-1, SL-SWITCH-1, SL-LOGOUT-1)")),
        ]
    }

    static var events: [Event] { SyntheticRun.events(of: results, requirements: [owner, failingOwner, blocked, unselected]) }

    @Test("an owner stands passed when every case of it passed, not run when none was played, and nowhere when it has something to fix")
    func standings() {
        #expect(Self.results.blockingOwnerStandings(in: SyntheticRun.context) == ["SL-SWITCH-1": .passed, "SL-NOTIFY-1": .notRun])
    }

    @Test("the console, summary.md and report.html add the note to the case whose owner passed, and only to it")
    func reports() throws {
        let sink = TextSink()
        let recorder = ConsoleRecorder(write: sink.write)
        for event in Self.events { recorder.record(event) }
        #expect(sink.value.components(separatedBy: Self.note).count == 2, "once: \(sink.value)")
        #expect(sink.value.contains("bob is not shown\n    (\(Self.note))\n"), "\(sink.value)")
        // Its evidence follows the note, as a failure's would: the place the note sends the reader.
        #expect(sink.value.contains("  after step 3: the app does not consider bob signed in [precondition.unmet]\n"), "\(sink.value)")
        #expect(sink.value.contains("reminder left\n    (\(Self.notRunNote))\n"), "\(sink.value)")
        #expect(sink.value.contains("alice still shown\n  "), "no note where the owner failed: \(sink.value)")

        let record = Self.events.reduce(into: RunRecord()) { $0.take($1) }
        let summary = MarkdownChecklistRecorder.render(
            results: record.orderedResults, requirements: record.orderedRequirementResults, context: record.effectiveContext,
            summary: RunSummary(results: Self.results, duration: 0.4, interrupted: false))
        #expect(summary.components(separatedBy: Self.note).count == 2, "once: \(summary)")
        #expect(summary.contains("bob is not shown (\(Self.note))"), "\(summary)")
        #expect(summary.contains("reminder left (\(Self.notRunNote))"), "\(summary)")

        let html = HTMLReport(record).render()
        let escaped = Self.note.replacingOccurrences(of: "'", with: "&#39;")
        #expect(html.components(separatedBy: escaped).count == 2, "once: \(html)")
    }

    @Test("a run that fails only because cases could not be judged says so on its last line and in report.html's header")
    func notJudgedOnly() {
        let results = Self.results.filter { $0.requirement.id == Self.owner.id || $0.id.scenarioName == "user change during the launch" }
        let events = SyntheticRun.events(of: results, requirements: [Self.owner, Self.blocked])
        let sink = TextSink()
        let recorder = ConsoleRecorder(write: sink.write)
        for event in events { recorder.record(event) }
        let words = "exit status 1: no requirement failed, but 1 test case could not be judged: a precondition failed"
        #expect(sink.value.hasSuffix("Result: FAILED (\(words))\n"), "\(sink.value)")
        let record = events.reduce(into: RunRecord()) { $0.take($1) }
        #expect(HTMLReport(record).render().contains(words), "the header says the same")
        // With a failure beside it, the status's own words stand.
        let failing = Self.results.filter { $0.requirement.id != Self.unselected.id && $0.id.scenarioName != "notification" }
        let mixed = TextSink()
        let other = ConsoleRecorder(write: mixed.write)
        for event in SyntheticRun.events(of: failing, requirements: [Self.owner, Self.failingOwner, Self.blocked]) { other.record(event) }
        #expect(mixed.value.hasSuffix("Result: FAILED (exit status 1: requirement failures)\n"), "\(mixed.value)")
    }

    @Test("a shard's reports do not say it: the owner's other cases may be in another shard")
    func shard() {
        var context = SyntheticRun.context
        context.shard = RunContext.Shard(index: 1, count: 2)
        let events = SyntheticRun.events(of: Self.results, requirements: [Self.owner, Self.failingOwner, Self.blocked, Self.unselected], context: context)
        #expect(Self.results.blockingOwnerStandings(in: context).isEmpty)
        let sink = TextSink()
        let recorder = ConsoleRecorder(write: sink.write)
        for event in events { recorder.record(event) }
        #expect(sink.value.contains("bob is not shown") && !sink.value.contains(Self.note) && !sink.value.contains(Self.notRunNote), "\(sink.value)")
        let record = events.reduce(into: RunRecord()) { $0.take($1) }
        #expect(!HTMLReport(record).render().contains("passed its own test cases"))
    }
}
