import Foundation
import Synchronization
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

@Suite("Recorders write files atomically and account for the whole plan")
struct RecorderTests {
    @Test("An interrupted run still writes every report, with unfinished cases as not run")
    func interrupted() throws {
        let directory = try TemporaryDirectory()
        let junit = JUnitXMLRecorder(url: directory.url.appendingPathComponent("reports/junit.xml"))
        let markdown = MarkdownChecklistRecorder(url: directory.url.appendingPathComponent("reports/summary.md"))
        let events = SyntheticRun.skippedAndNotRun.events
        for event in events.dropLast() {
            junit.record(event)
            markdown.record(event)
        }
        #expect(!FileManager.default.fileExists(atPath: junit.url.path), "nothing is written before the run ends")
        junit.record(events.last!)
        markdown.record(events.last!)
        let xml = try String(contentsOf: junit.url, encoding: .utf8)
        #expect(
            xml.contains(
                "name=\"user switch clears\" time=\"0.000\">\n      <error message=\"not run: the run was interrupted before this test case finished\" type=\"notRun\">"
            ))
        #expect(try String(contentsOf: markdown.url, encoding: .utf8).contains("⏭ not run"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("reports").path).sorted()
        #expect(names == ["junit.xml", "summary.md"], "no temporary files are left behind")
    }

    @Test("Under a MUST-only gate every recorder shows the SHOULD failure as a warning, the MUST failure as a failure")
    func mustOnlyGate() throws {
        let directory = try TemporaryDirectory()
        let junit = JUnitXMLRecorder(url: directory.url.appendingPathComponent("junit.xml"))
        let markdown = MarkdownChecklistRecorder(url: directory.url.appendingPathComponent("summary.md"))
        let lines = Mutex<[Data]>([])
        let stream = JSONLinesRecorder { line in lines.withLock { $0.append(line) } }
        let console = TextSink()
        let events = SyntheticRun.failures.events(gate: .mustOnly)
        let recorders: [any EventRecorder] = [junit, markdown, stream, ConsoleRecorder(write: console.write)]
        for event in events { for recorder in recorders { recorder.record(event) } }
        let xml = try String(contentsOf: junit.url, encoding: .utf8)
        #expect(xml.contains(#"<property name="run.gate" value="mustOnly"/>"#))
        // The SHOULD failure passes in JUnit (every CI reader then agrees with exit status 0), with its evidence in its suite.
        #expect(xml.contains(#"<testcase classname="single-login.SL-UI-1" name="no sign up in shared mode" time="0.042"/>"#))
        #expect(xml.contains(#"<property name="requirement.verdict" value="warned"/>"#))
        #expect(
            xml.contains(
                "<system-err>warning: SHOULD requirement not met; not gating (the run gates on MUST only)\n\n== scenario: no sign up in shared mode ==\nSL-UI-1 (SHOULD)"
            ))
        #expect(!xml.contains("warning (not gating)"))
        #expect(xml.contains(#"<failure message="alice&apos;s display name is still on screen (and 1 more)""#))
        let checklist = try String(contentsOf: markdown.url, encoding: .utf8)
        #expect(checklist.contains("| ⚠️ warning | SL-UI-1 | SHOULD |"))
        #expect(checklist.contains("| ❌ failed | SL-LOGOUT-1 | MUST |"))
        #expect(checklist.contains("| Test cases | 3 in all: 1 passed, 1 failed, 1 warning, 0 errors, 0 skipped |"))
        // Requirements are what a release manager counts; the rows that need action come first.
        #expect(
            checklist.contains("| Requirements | 1 of 2 MUST requirements failed; 1 of 1 SHOULD requirement failed (warnings: the run gates on MUST only) |"),
            "\(checklist)")
        let rows = checklist.split(separator: "\n").filter { $0.hasPrefix("| ✅") || $0.hasPrefix("| ❌") || $0.hasPrefix("| ⚠️") }
        #expect(rows.map { $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces) } == ["❌ failed", "⚠️ warning", "✅ passed"], "\(rows)")
        let decoded = try lines.withLock { try $0.map { try JSONDecoder().decode(EncodedEvent.self, from: $0) } }
        #expect(decoded.first?.context?.gate == "mustOnly")
        #expect(
            decoded.first { $0.requirement?.id == "SL-UI-1" && $0.kind == .requirementEnded }?.requirementResult.map { [$0.outcome, $0.verdict] } == [
                "failed", "warned",
            ])
        #expect(console.value.contains("WARN     SL-UI-1"))
        #expect(console.value.contains("FAIL     SL-LOGOUT-1"))
    }

    @Test("Atomic writes replace an existing file and report an unwritable path")
    func atomic() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("out.txt")
        try AtomicFileWriter.write(Data("old".utf8), to: url)
        try AtomicFileWriter.write(Data("new".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
        let blocked = url.appendingPathComponent("child.txt")  // out.txt is a file, not a directory
        #expect(throws: AtomicFileWriter.WriteError.self) { try AtomicFileWriter.write(Data(), to: blocked) }
    }

    @Test(
        "Colours only on a terminal without NO_COLOR",
        arguments: [
            (true, [:], true), (false, [:], false), (true, ["NO_COLOR": "1"], false), (true, ["NO_COLOR": ""], true), (true, ["TERM": "dumb"], false),
        ] as [(Bool, [String: String], Bool)])
    func colors(_ isTerminal: Bool, _ environment: [String: String], _ expected: Bool) {
        #expect(ConsoleStyle.colorsEnabled(isTerminal: isTerminal, environment: environment) == expected)
    }

    @Test("On a terminal, progress and colours appear; the summary still reads the same")
    func terminal() {
        let sink = TextSink()
        GoldenFileTests.feed(.failures, to: [ConsoleRecorder(style: .init(isTerminal: true, colors: true), write: sink.write)])
        #expect(sink.value.contains("\u{1B}[31mFAIL"))
        #expect(sink.value.contains("running SL-LOGIN-1 / opens signed in"))
        #expect(sink.value.contains("\r\u{1B}[2K"))
    }

    @Test("Line diffs collapse unchanged runs")
    func diff() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let observed = expected.replacingOccurrences(of: "line 5", with: "LINE 5")
        #expect(
            LineDiff.lines(expected: expected, observed: observed).map(\.text) == [
                "  … (3 unchanged lines)", "  line 4", "- line 5", "+ LINE 5", "  line 6", "  … (4 unchanged lines)",
            ])
    }

    @Test("Every JSON line is an object with version 2, a kind and a date; unknown kinds and fields decode")
    func jsonLines() throws {
        let lines = Mutex<[Data]>([])
        let recorder = JSONLinesRecorder { line in lines.withLock { $0.append(line) } }
        GoldenFileTests.feed(.failures, to: [recorder])
        let decoded = try lines.withLock { try $0.map { try JSONDecoder().decode(EncodedEvent.self, from: $0) } }
        #expect(decoded.allSatisfy { $0.version == 2 && !$0.date.isEmpty })
        #expect(decoded.first?.kind == .runStarted && decoded.last?.kind == .runEnded)
        let future = #"{"version":2,"kind":"somethingNew","date":"2030-01-01T00:00:00.000Z","newField":{"x":1}}"#
        #expect(try JSONDecoder().decode(EncodedEvent.self, from: Data(future.utf8)).kind == .unknown("somethingNew"))
    }
}
