import Foundation
import Synchronization
import Testing
@testable import SingleLoginReports
import SingleLoginEvents
import SingleLoginTestSupport

/// Collects console output.
final class TextSink: Sendable {
    private let text = Mutex("")
    var value: String { text.withLock { $0 } }
    var write: @Sendable (String) -> Void { { [self] chunk in text.withLock { $0 += chunk } } }
}

/// Runs a synthetic run through every recorder and compares each output with its golden file.
@Suite("Golden files of every report format")
struct GoldenFileTests {
    static func feed(_ run: SyntheticRun, to recorders: [any EventRecorder]) {
        for event in run.events {
            for recorder in recorders { recorder.record(event) }
        }
    }

    @Test("JUnit XML, default and strict, matches its golden file", arguments: SyntheticRun.allCases)
    func junit(_ run: SyntheticRun) throws {
        let directory = try TemporaryDirectory()
        let plain = JUnitXMLRecorder(url: directory.url.appendingPathComponent("junit.xml"))
        let strict = JUnitXMLRecorder(url: directory.url.appendingPathComponent("strict/junit.xml"), options: .init(strict: true))
        Self.feed(run, to: [plain, strict])
        try Golden.check(Data(contentsOf: plain.url), named: "\(run.rawValue).junit.xml")
        try Golden.check(Data(contentsOf: strict.url), named: "\(run.rawValue).junit-strict.xml")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("Under --level must, a SHOULD failure is a passing case with its evidence in its requirement's suite, in both JUnit forms")
    func junitMustOnly() throws {
        let directory = try TemporaryDirectory()
        let plain = JUnitXMLRecorder(url: directory.url.appendingPathComponent("junit.xml"))
        let strict = JUnitXMLRecorder(url: directory.url.appendingPathComponent("strict.xml"), options: .init(strict: true))
        for event in SyntheticRun.failures.events(gate: .mustOnly) { for recorder in [plain, strict] { recorder.record(event) } }
        try Golden.check(Data(contentsOf: plain.url), named: "failures-must.junit.xml")
        try Golden.check(Data(contentsOf: strict.url), named: "failures-must.junit-strict.xml")
        // A merge reads the warning back and writes it the same way.
        let parsed = try JUnitMerger.parse(Data(contentsOf: plain.url))
        #expect(parsed.render() == (try Data(contentsOf: plain.url)))
    }

    @Test("The Markdown checklist matches its golden file", arguments: SyntheticRun.allCases)
    func markdown(_ run: SyntheticRun) throws {
        let directory = try TemporaryDirectory()
        let recorder = MarkdownChecklistRecorder(url: directory.url.appendingPathComponent("summary.md"))
        Self.feed(run, to: [recorder])
        try Golden.check(Data(contentsOf: recorder.url), named: "\(run.rawValue).summary.md")
    }

    @Test("The JSON Lines event stream matches its golden file", arguments: SyntheticRun.allCases)
    func jsonLines(_ run: SyntheticRun) throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("events.jsonl")
        Self.feed(run, to: [JSONLinesRecorder(url: url)])
        try Golden.check(Data(contentsOf: url), named: "\(run.rawValue).events.jsonl")
    }

    @Test("Plain console output matches its golden file", arguments: SyntheticRun.allCases)
    func console(_ run: SyntheticRun) throws {
        let sink = TextSink()
        Self.feed(run, to: [ConsoleRecorder(write: sink.write)])
        #expect(!sink.value.utf8.contains(0x1B), "plain output holds no escape sequence")
        try Golden.check(Data(sink.value.utf8), named: "\(run.rawValue).console.txt")
    }

    @Test("Quiet console output gating on MUST only and verbose output match their golden files")
    func consoleVariants() throws {
        let quiet = TextSink()
        let quietRecorder = ConsoleRecorder(style: .init(verbosity: .quiet), write: quiet.write)
        for event in SyntheticRun.failures.events(gate: .mustOnly) { quietRecorder.record(event) }
        try Golden.check(Data(quiet.value.utf8), named: "failures.console-quiet-must.txt")
        let verbose = TextSink()
        Self.feed(.allPass, to: [ConsoleRecorder(style: .init(verbosity: .verbose), write: verbose.write)])
        try Golden.check(Data(verbose.value.utf8), named: "all-pass.console-verbose.txt")
    }

    @Test("Merged shard reports match their golden file")
    func merged() throws {
        let shards = [SyntheticRun.failures, .skippedAndNotRun].map { run in
            let record = run.events.reduce(into: RunRecord()) { $0.take($1) }
            return (
                path: run.rawValue,
                report: JUnitReport(results: record.orderedResults, context: record.effectiveContext, duration: record.summary?.duration, steps: record.steps)
            )
        }
        let merged = try JUnitMerger.merge(shards)
        try Golden.check(merged.render(), named: "merged.junit.xml")
        try Golden.check(merged.render(strict: true), named: "merged.junit-strict.xml")
    }
}
