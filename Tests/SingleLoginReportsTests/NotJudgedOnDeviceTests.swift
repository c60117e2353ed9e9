import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

/// A case a device pass does not judge is an outcome of its own, which every report shows as a
/// skip saying `not judged on a device: REASON`, and the event stream reads back as that outcome.
@Suite("A case a device pass does not judge: its own outcome, a skip in every report")
struct NotJudgedOnDeviceTests {
    static let requirement = RequirementSummary(id: "SL-TOKEN-3", level: .must, title: "Tokens are renewed.", tags: [], references: [])
    static let reason = "a moving clock (advanceClock): a person cannot move the device's clock for the broker"
    static let result = TestCaseResult(
        id: TestCaseID(requirementID: requirement.id, scenarioName: "an hour later"), requirement: requirement,
        outcome: .notJudgedOnDevice(reason: reason), duration: 0)

    @Test("it reads as a skip with the reason every report quotes, counts as skipped, and never as passed")
    func verdictAndCounts() {
        #expect(Verdict(of: Self.result, gate: .mustAndShould) == .skipped(reason: "not judged on a device: " + Self.reason))
        let summary = RunSummary(results: [Self.result], duration: 0, interrupted: false)
        #expect(summary.skipped == 1 && summary.passed == 0 && summary.untested == 0)
        #expect(Self.result.outcome.notJudgedOnDeviceReason == Self.reason)
        #expect(TestCaseResult.Outcome.skipped(reason: "not judged on a device: " + Self.reason).notJudgedOnDeviceReason == nil)
    }

    @Test("the event stream writes a skip with the prefixed reason and reads it back as not judged on a device")
    func eventStream() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("events.jsonl")
        let recorder = JSONLinesRecorder(url: url)
        for event in SyntheticRun.events(of: [Self.result], requirements: [Self.requirement]) { recorder.record(event) }
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""outcome":"skipped""#) && text.contains("not judged on a device: a moving clock"), "\(text)")
        let read = try EventStreamReader.events(at: url)
        let outcomes = read.compactMap { if case .testCaseEnded(let result) = $0.kind { result.outcome } else { nil } }
        #expect(outcomes == [.notJudgedOnDevice(reason: Self.reason)])
    }
}
