import Foundation
import Synchronization
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

@Suite("A run of the bundled reference app says so in every report: no silent demo")
struct ReferenceAppNoticeTests {
    /// The all-pass run, as `run` without `--adapter` would report it.
    static var events: [Event] {
        SyntheticRun.allPass.events.map { event in
            guard case let .runStarted(context, plan) = event.kind else { return event }
            var marked = context
            marked.referenceApp = true
            marked.specOrigin = "embedded"
            return Event(.runStarted(marked, plan: plan), date: event.date)
        }
    }

    @Test("the console's first and last lines, the checklist's title and the event stream's context name the reference app")
    func everyReport() throws {
        let directory = try TemporaryDirectory()
        let console = TextSink()
        let markdown = MarkdownChecklistRecorder(url: directory.url.appendingPathComponent("summary.md"))
        let lines = Mutex<[Data]>([])
        let stream = JSONLinesRecorder { line in lines.withLock { $0.append(line) } }
        let recorders: [any EventRecorder] = [ConsoleRecorder(style: .init(verbosity: .quiet), write: console.write), markdown, stream]
        for event in Self.events { for recorder in recorders { recorder.record(event) } }

        let printed = console.value.split(separator: "\n")
        #expect(printed.first?.hasPrefix("Testing the bundled reference app, not your app") == true, "first line: \(printed.first ?? "")")
        #expect(
            printed.last?.hasPrefix("Result: PASSED (exit status 0: every gating requirement passed) for the bundled reference app, not your app") == true,
            "last line: \(printed.last ?? "")")
        let checklist = try String(contentsOf: markdown.url, encoding: .utf8)
        #expect(checklist.hasPrefix("# Single Login on shared devices: ✅ passed (bundled reference app, not your app)\n"))
        #expect(checklist.contains("| App under test | ⚠️ the bundled reference app, not your app"))
        #expect(checklist.contains("| Spec | single-login 1.2.0, embedded (sha256"))
        let first = try lines.withLock { try JSONDecoder().decode(EncodedEvent.self, from: $0[0]) }
        #expect(first.context?.referenceApp == true)
        #expect(first.context?.specOrigin == "embedded")
    }

    @Test("a run of an adapter says nothing of the kind, and its event context leaves the field out")
    func adapterRun() throws {
        let console = TextSink()
        let lines = Mutex<[Data]>([])
        let stream = JSONLinesRecorder { line in lines.withLock { $0.append(line) } }
        let recorders: [any EventRecorder] = [ConsoleRecorder(write: console.write), stream]
        for event in SyntheticRun.allPass.events { for recorder in recorders { recorder.record(event) } }
        #expect(!console.value.contains("reference app"))
        let text = lines.withLock { String(decoding: $0[0], as: UTF8.self) }
        #expect(!text.contains("referenceApp"))
    }

    @Test("the result line names reports that were not written and turns the status into 2")
    func unwritten() {
        let line = ConsoleRecorder.resultLine(.passed, context: SyntheticRun.context, style: .init(), unwritten: ["reports/junit.xml"])
        #expect(line == "Result: ERROR (exit status 2: the report was not written: reports/junit.xml)\n")
    }
}
