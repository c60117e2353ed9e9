import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTestSupport

@Suite("Reports name what a run tests: a backend run has a backend row, backend output and no broker transcript")
struct RunSubjectTests {
    static let start = Date(timeIntervalSince1970: 1_740_821_400)
    static let requirement = RequirementSummary(id: "BE-INPUT-1", level: .must, title: "No token gets a 4xx", tags: [], references: [])
    static let skippedRequirement = RequirementSummary(id: "BE-ROTATE-1", level: .must, title: "Rotation", tags: [], references: [])
    static let id = TestCaseID(requirementID: requirement.id, scenarioName: "single-tenant backend")
    static let skippedID = TestCaseID(requirementID: skippedRequirement.id, scenarioName: "single-tenant backend")

    /// A backend run: one failure whose evidence holds the output section, one case skipped with --skip.
    static func events(outcome: TestCaseResult.Outcome) -> [Event] {
        let context = RunContext(
            kind: .backend, specID: "backend", specVersion: "1.1.0", specTitle: "Backend", specSHA256: String(repeating: "0", count: 64),
            harnessVersion: "0.1.0", adapter: nil, hostname: "ci", startDate: start,
            subject: .backend(command: "node server.js --flaw dies-on-garbage", mode: "single"))
        let issue = Issue(
            severity: outcome == .errored ? .error : .failure, kind: .backend(.dropped), message: "an empty body: a dropped connection", stepIndex: 1,
            expected: outcome == .errored ? "" : "a client error within 10 s",
            observed: "Answer: dropped\nBackend output (stdout and stderr, last lines):\n  SyntaxError: Unexpected end of JSON input")
        let result = TestCaseResult(
            id: id, requirement: requirement, outcome: outcome, duration: 0.1, issues: [issue],
            adapterLog: "SyntaxError: Unexpected end of JSON input\n    at JSON.parse")
        let skipped = TestCaseResult(id: skippedID, requirement: skippedRequirement, outcome: .skipped(reason: "skipped (skip: BE-ROTATE-1)"), duration: 0)
        return [
            Event(
                .runStarted(
                    context,
                    plan: [
                        PlannedTestCase(id: id, requirement: requirement),
                        PlannedTestCase(id: skippedID, requirement: skippedRequirement, skipReason: "skipped (skip: BE-ROTATE-1)"),
                    ]), date: start),
            Event(.testCaseStarted(id), date: start),
            Event(.stepPerformed(id, index: 0, description: "POST /session: a JSON object without the token field"), date: start),
            Event(.stepPerformed(id, index: 1, description: "POST /session: an empty body"), date: start),
            Event(.issueRecorded(id, issue), date: start),
            Event(.testCaseEnded(result), date: start),
            Event(.testCaseEnded(skipped), date: start),
            Event(.runEnded(RunSummary(results: [result, skipped], duration: 1, interrupted: false)), date: start),
        ]
    }

    func record(_ events: [Event], in directory: borrowing TemporaryDirectory) throws -> (junit: String, markdown: String, console: String) {
        let junit = JUnitXMLRecorder(url: directory.url.appendingPathComponent("backend-junit.xml"))
        let markdown = MarkdownChecklistRecorder(url: directory.url.appendingPathComponent("backend.md"))
        let console = TextSink()
        let recorders: [any EventRecorder] = [junit, markdown, ConsoleRecorder(write: console.write)]
        for event in events { for recorder in recorders { recorder.record(event) } }
        return (try String(contentsOf: junit.url, encoding: .utf8), try String(contentsOf: markdown.url, encoding: .utf8), console.value)
    }

    @Test("a failure: the output tail is in every report, the Markdown names the backend, nothing mentions a broker or an adapter")
    func failure() throws {
        let directory = try TemporaryDirectory()
        let (junit, markdown, console) = try record(Self.events(outcome: .failed), in: directory)
        for text in [junit, markdown, console] {
            #expect(text.contains("SyntaxError: Unexpected end of JSON input"))
            #expect(!text.contains("Broker transcript") && !text.contains("Adapter") && !text.contains("adapter stderr"), "\(text)")
        }
        #expect(markdown.contains("| Backend | `node server.js --flaw dies-on-garbage` (single-tenant mode) |"))
        #expect(markdown.contains("| Test cases | 2 in all: 0 passed, 1 failed, 0 errors, 1 skipped |"))
        #expect(console.hasSuffix("Result: FAILED (exit status 1: requirement failures)\n"))
    }

    @Test("an error: the output is labelled backend output in JUnit and the console")
    func error() throws {
        let directory = try TemporaryDirectory()
        let (junit, markdown, console) = try record(Self.events(outcome: .errored), in: directory)
        #expect(junit.contains("Backend output (tail):"))
        #expect(console.contains("backend output (last lines):"))
        #expect(!junit.contains("Broker transcript") && !console.contains("adapter stderr"))
        #expect(markdown.contains("| Test cases | 2 in all: 0 passed, 0 failed, 1 error, 1 skipped |"))
    }

    @Test("a behavioural run keeps its adapter vocabulary, and a pass with a skipped case says it verified only what ran")
    func behaviour() {
        #expect(
            RunContext(specID: "s", specVersion: "1", specTitle: "t", specSHA256: "", harnessVersion: "0", adapter: nil, hostname: "h", startDate: Self.start)
                .subject == .adapter)
        #expect(RunSubject.of(kind: .preflight).label == nil)
        #expect(ConsoleRecorder.meaning(of: .passed, skipped: 1) == "every gating requirement that ran passed; 1 test case was skipped, not verified")
        #expect(ConsoleRecorder.meaning(of: .passed, skipped: 0) == "every gating requirement passed")
        #expect(
            ConsoleRecorder.meaning(of: .passed, skipped: 2, waived: true)
                == "every gating requirement that ran passed or was waived; 2 test cases were waived or skipped, not verified")
        // Status 2 names what was tested: a backend has no adapter.
        #expect(ConsoleRecorder.meaning(of: .adapterOrHarnessError, skipped: 0) == "adapter or harness errors, or the run did not finish")
        #expect(
            ConsoleRecorder.meaning(of: .adapterOrHarnessError, skipped: 0, subject: .backend(command: "node server.js"))
                == "backend or harness errors, or the run did not finish")
        #expect(ConsoleRecorder.meaning(of: .adapterOrHarnessError, skipped: 0, subject: .files) == "harness errors, or the run did not finish")
    }
}
