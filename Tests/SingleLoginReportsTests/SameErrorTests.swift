import Foundation
import SingleLoginEvents
import SingleLoginTestSupport
import Testing

@testable import SingleLoginReports

/// One cause, one block: a backend that cannot start errors every case, each after the first
/// pointing at it; the console prints the first in full and names the rest on one line.
@Suite("The console prints an error that repeats once, then names the test cases it repeats for")
struct SameErrorTests {
    static func result(_ id: String, _ message: String, observed: String = "") -> TestCaseResult {
        let requirement = RequirementSummary(id: id, level: .must, title: "\(id) holds.", tags: [], references: [])
        return TestCaseResult(
            id: TestCaseID(requirementID: id, scenarioName: "single-tenant backend"), requirement: requirement, outcome: .errored, duration: 0,
            issues: [Issue(severity: .error, kind: .backend(.startExited), message: message, observed: observed)])
    }

    @Test("the first error in full; the same error of two more cases on one line, by requirement, their scenario named once")
    func grouped() {
        let reference = "not verified: the backend exited (the full error is under BE-A-1)"
        let results = [
            Self.result("BE-A-1", "the backend exited (exit code 3)", observed: "Output: nope"), Self.result("BE-B-1", reference),
            Self.result("BE-C-1", reference), Self.result("BE-D-1", reference),
        ]
        let sink = TextSink()
        let recorder = ConsoleRecorder(write: sink.write)
        var events = [Event(.runStarted(SyntheticRun.context, plan: results.map { PlannedTestCase(id: $0.id, requirement: $0.requirement) }))]
        events += results.map { Event(.testCaseEnded($0)) }
        events.append(Event(.runEnded(RunSummary(results: results, duration: 0.1, interrupted: false))))
        for event in events { recorder.record(event) }
        let text = sink.value
        #expect(text.contains("error: the backend exited (exit code 3)"), "\(text)")
        #expect(text.components(separatedBy: reference).count - 1 == 1, "the repeated error is printed once: \(text)")
        #expect(text.contains("the same error for 2 more test cases: BE-C-1, BE-D-1 (each 'single-tenant backend')\n"), "\(text)")
    }
}
