import Foundation
import SingleLoginAdapter
import SingleLoginEvents
@testable import SingleLoginReports
import Testing

@Suite("report.html marks a held or late call as the console does")
struct HTMLCallMarksTests {
    @Test("a call answered at the release and one made after its step carry the console's marks in the transcript's step cell")
    func marks() {
        let requirement = RequirementSummary(id: "SL-INFLIGHT-1", level: .must, title: "Late answers.", tags: [], references: [])
        let held = BrokerCallRecord(
            sequence: 4, stepIndex: 2, call: .getCurrentAccount, answer: .result(.currentAccount(SyntheticRun.alice, previous: nil)), held: true)
        let late = BrokerCallRecord(
            sequence: 5, stepIndex: 2, call: .getCurrentAccount, answer: .result(.currentAccount(nil, previous: SyntheticRun.alice)),
            answeredLater: CallMoment(stepIndex: 4, phase: .step))
        var result = TestCaseResult(
            id: TestCaseID(requirementID: requirement.id, scenarioName: "held"), requirement: requirement, outcome: .failed, duration: 0.1,
            transcript: [held, late])
        result.issues = [Issue(severity: .failure, kind: .expectation(.signedOut), message: "still shown", stepIndex: 4)]
        let record = SyntheticRun.events(of: [result], requirements: [requirement]).reduce(into: RunRecord()) { $0.take($1) }
        let html = HTMLReport(record).render()
        #expect(html.contains("<span class=\"detail\">(held until the release)</span>"), "\(html)")
        #expect(html.contains("<span class=\"detail\">(\(late.timingMarks[0]))</span>") && late.timingMarks[0].hasPrefix("late, answered during "), "\(html)")
        #expect(held.line.hasSuffix(" (held until the release)") && late.line.contains(" (late, answered during "))
    }
}
