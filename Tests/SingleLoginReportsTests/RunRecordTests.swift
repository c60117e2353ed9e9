import Foundation
import Testing
import SingleLoginEvents
import SingleLoginReports

@Suite("The run record's order of results")
struct RunRecordTests {
    static func result(_ scenario: String, _ outcome: TestCaseResult.Outcome) -> TestCaseResult {
        TestCaseResult(
            id: TestCaseID(requirementID: SyntheticRun.login.id, scenarioName: scenario), requirement: SyntheticRun.login, outcome: outcome, duration: 0.1)
    }

    static func planned(_ scenarios: [String], skipping skipped: String? = nil) -> [PlannedTestCase] {
        scenarios.map { PlannedTestCase(id: result($0, .passed).id, requirement: SyntheticRun.login, skipReason: $0 == skipped ? "skipped by --skip" : nil) }
    }

    @Test("Finished in plan order, the results are the finished ones as they came")
    func planOrder() {
        var record = RunRecord()
        record.take(Event(.runStarted(SyntheticRun.context, plan: Self.planned(["a", "b"]))))
        record.take(Event(.testCaseEnded(Self.result("a", .passed))))
        record.take(Event(.testCaseEnded(Self.result("b", .failed))))
        record.take(Event(.runEnded(RunSummary(passed: 1, failedMust: 1))))
        #expect(record.orderedResults.map(\.id.scenarioName) == ["a", "b"])
        #expect(record.orderedResults.map(\.outcome) == [.passed, .failed])
    }

    @Test("Out of order, ended twice, skipped, unfinished and unplanned: plan order, the last result, each case once")
    func everyDeparture() {
        var record = RunRecord()
        record.take(Event(.runStarted(SyntheticRun.context, plan: Self.planned(["a", "b", "c", "s"], skipping: "s"))))
        record.take(Event(.testCaseEnded(Self.result("c", .passed))))
        record.take(Event(.testCaseEnded(Self.result("a", .errored))))
        record.take(Event(.testCaseEnded(Self.result("extra", .passed))))
        record.take(Event(.testCaseEnded(Self.result("a", .failed))))
        record.take(Event(.runEnded(RunSummary(interrupted: false))))
        let ordered = record.orderedResults
        #expect(ordered.map(\.id.scenarioName) == ["a", "b", "c", "s", "extra"])
        #expect(
            ordered.map(\.outcome) == [
                .failed, .notRun(reason: "the run ended before this test case finished"), .passed, .skipped(reason: "skipped by --skip"), .passed,
            ])
        #expect(record.finished.map(\.id.scenarioName) == ["c", "a", "extra"], "a case that ended twice keeps its first place")
        #expect(record.result(for: Self.result("b", .passed).id) == nil)
    }

    @Test("A new outcome replaces a finished case's outcome and nothing else")
    func setOutcome() {
        var record = RunRecord()
        record.take(Event(.runStarted(SyntheticRun.context, plan: Self.planned(["a", "b"]))))
        record.take(Event(.testCaseEnded(Self.result("a", .passed))))
        record.setOutcome(.failed, for: Self.result("a", .passed).id)
        record.setOutcome(.failed, for: Self.result("b", .passed).id)
        #expect(record.result(for: Self.result("a", .passed).id)?.outcome == .failed)
        #expect(record.result(for: Self.result("b", .passed).id) == nil, "a case that never finished stays unfinished")
        #expect(record.orderedResults.map(\.outcome) == [.failed, .notRun(reason: "the run was interrupted before this test case finished")])
    }
}
