import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

/// Retried test cases in JUnit: golden files that `.ci/checks/junit-schema.sh` validates against
/// the Jenkins and Ant schemas and reads with junitparser.
@Suite("Retried test cases in JUnit (flaky and failing every attempt)")
struct RetriedGoldenTests {
    /// A flaky case accepted, one gated, and one that errored, then failed.
    static var results: [TestCaseResult] {
        let cases = SyntheticRun.failures.cases
        let passed = cases[0].result!
        let failed = cases[1].result!
        var firstFailure = failed
        firstFailure.id = passed.id
        firstFailure.requirement = passed.requirement
        var accepted = TestCaseResult.retried(passed, after: [firstFailure], acceptFlaky: true)
        accepted.id = TestCaseID(requirementID: passed.id.requirementID, scenarioName: "flaky, accepted")
        var gated = TestCaseResult.retried(passed, after: [firstFailure, firstFailure], acceptFlaky: false)
        gated.id = TestCaseID(requirementID: passed.id.requirementID, scenarioName: "flaky, gated")
        let errored = SyntheticRun.errored.cases[1].result!
        var broke = errored
        broke.id = failed.id
        broke.requirement = failed.requirement
        let everyAttempt = TestCaseResult.retried(failed, after: [broke], acceptFlaky: false)
        return [accepted, gated, everyAttempt]
    }

    @Test(
        "flakyFailure in a passing case, flaky <failure> when gated, rerunError when every attempt failed; the recorder writes the same bytes; strict leaves them out"
    )
    func junit() throws {
        let results = Self.results
        #expect(results.map(\.isFlaky) == [true, true, false])
        #expect(results.map(\.outcome) == [.passed, .failed, .failed])
        #expect(results[1].issues.map(\.kind) == [.flaky])
        #expect(results[1].attemptsLine == "failed on attempt 1, failed on attempt 2, passed on attempt 3 of 3")
        let report = JUnitReport(results: results, context: SyntheticRun.context)
        try Golden.check(report.render(), named: "retried.junit.xml")
        try Golden.check(report.render(strict: true), named: "retried.junit-strict.xml")
        let text = String(decoding: report.render(), as: UTF8.self)
        #expect(text.components(separatedBy: "<flakyFailure ").count - 1 == 3)
        #expect(text.components(separatedBy: "<rerunError ").count - 1 == 1)
        #expect(!String(decoding: report.render(strict: true), as: UTF8.self).contains("<flakyFailure"))

        let directory = try TemporaryDirectory()
        let recorder = JUnitXMLRecorder(url: directory.url.appendingPathComponent("junit.xml"))
        recorder.record(Event(.runStarted(SyntheticRun.context, plan: results.map { PlannedTestCase(id: $0.id, requirement: $0.requirement) })))
        for result in results { recorder.record(Event(.testCaseEnded(result))) }
        recorder.record(Event(.runEnded(RunSummary(results: results, duration: 1, interrupted: false))))
        #expect(try Data(contentsOf: recorder.url) == report.render())
        // Read back (as merge reads a shard), each case keeps its attempts and whether it is flaky.
        let parsed = try JUnitMerger.parse(report.render())
        let summarise = { (report: JUnitReport) in
            report.suites.flatMap(\.cases).map {
                "\($0.name) \($0.flaky) " + $0.attempts.map { "\($0.elementName(flaky: false)) \($0.type) \($0.message)" }.joined(separator: "; ")
            }
        }
        #expect(summarise(parsed) == summarise(report))
        #expect(summarise(parsed).contains { $0.hasPrefix("flaky, gated true rerunFailure expectation.noDataOf attempt 1 of 3: ") })
    }
}
