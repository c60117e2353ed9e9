import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

/// A failure in every report names the scenario's steps, marks the step where it was found and
/// puts each broker call under the step that made it, so that no reader needs `--verbose` or the spec.
@Suite("Every report's failure shows the scenario's numbered steps and step markers")
struct FailureStepsTests {
    /// What every format must hold for the failing logout case of the synthetic run.
    static let failedStep = "2. globalSignOut  <- failed here"
    static let finalChecks = "final checks  <- failed here"
    static let marker = "step 2 globalSignOut"

    /// What `events` come to in the JUnit failure body of `requirementID`'s first case, in
    /// summary.md and in the console, each named.
    static func failureTexts(of events: [Event], requirementID: String) throws -> [(format: String, text: String)] {
        let directory = try TemporaryDirectory()
        let junit = JUnitXMLRecorder(url: directory.url.appendingPathComponent("junit.xml"))
        let markdown = MarkdownChecklistRecorder(url: directory.url.appendingPathComponent("summary.md"))
        let console = TextSink()
        let recorders: [any EventRecorder] = [junit, markdown, ConsoleRecorder(write: console.write)]
        for event in events {
            for recorder in recorders { recorder.record(event) }
        }
        let report = try JUnitMerger.parse(Data(contentsOf: junit.url))
        let failing = try #require(report.suites.flatMap(\.cases).first { $0.classname.hasSuffix(requirementID) })
        guard case let .failure(_, _, body) = failing.result else {
            Issue.record("\(requirementID)'s case is not a failure: \(failing.result)")
            return []
        }
        return [("JUnit", body), ("summary.md", try String(contentsOf: markdown.url, encoding: .utf8)), ("console", console.value)]
    }

    @Test("JUnit failure bodies, summary.md and the console summary each number the steps and mark the failed one")
    func everyFormat() throws {
        for (format, text) in try Self.failureTexts(of: SyntheticRun.failures.events, requirementID: "SL-LOGOUT-1") {
            #expect(text.contains("1. launch\n"), "\(format) numbers the first step")
            #expect(text.contains(Self.failedStep), "\(format) marks the step the failure was found after")
            #expect(text.contains(Self.finalChecks), "\(format) marks the final checks")
            #expect(text.contains(Self.marker), "\(format) puts step markers in the transcript")
        }
    }

    @Test("An error's steps are numbered with none marked when the error names no step")
    func errorWithoutStep() {
        let steps = ScenarioSteps(descriptions: [0: "launch", 1: "tapSignIn"])
        let error = SingleLoginEvents.Issue(severity: .error, kind: .adapter(.exited), message: "gone")
        #expect(steps.numbered(marking: [error]).map(\.text) == ["1. launch", "2. tapSignIn"])
        let found = SingleLoginEvents.Issue(severity: .error, kind: .adapter(.timeout), message: "late", stepIndex: 1)
        #expect(steps.numbered(marking: [found]).map(\.text) == ["1. launch", "2. tapSignIn  <- error here"])
    }

    @Test("Files the data container held at the reset are marked at the reset, before the first step, not at the final checks")
    func containerAtReset() {
        let steps = ScenarioSteps(descriptions: [0: "launch", 1: "tapSignOut"])
        let leftover = SingleLoginEvents.Issue(severity: .failure, kind: .containerNotEmptyAfterReset, message: "not empty")
        let final = SingleLoginEvents.Issue(severity: .failure, kind: .expectation(.noDataOf), message: "data of alice remains")
        #expect(
            steps.numbered(marking: [leftover, final]).map(\.text) == [
                "reset  <- failed here", "1. launch", "2. tapSignOut", "final checks  <- failed here",
            ])
        #expect(leftover.placeWithoutStep == "reset" && final.placeWithoutStep == "final checks")
    }
}
