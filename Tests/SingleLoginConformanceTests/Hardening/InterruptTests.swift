import Foundation
@testable import SingleLoginTransport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SingleLoginConformance
import SingleLoginTestSupport

@Suite("Ctrl-C and SIGTERM end the adapters and still write a complete report")
struct InterruptTests {
    @Test("after the first results, the signal ends the run: reports are complete, the rest not run, no adapter left", arguments: [SIGINT, SIGTERM])
    func interrupt(signal number: Int32) async throws {
        try await onOwnThread {
            guard let tool = BuiltProducts.path("sl-conformance"), let adapter = BuiltProducts.path("sl-fake-adapter") else {
                Issue.record(Comment(rawValue: BuiltProducts.missing("sl-conformance and sl-fake-adapter")))
                return
            }
            let directory = try TemporaryDirectory()
            // Enough test cases that the run cannot end before the signal, however slowly this test is scheduled.
            let planned = 60
            try ExerciseSpec.json(scenarios: planned).write(toFile: directory.path("spec.json"), atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            // The adapter hangs in the third reset, with the step timeout far away: the run cannot end
            // before the signal, and the signal is sent only once the hang has been observed.
            process.arguments = [
                "run", "--spec", directory.path("spec.json"), "--reports", directory.path("reports"), "--events", directory.path("events.jsonl"), "--quiet",
                "--step-timeout", "600", "--scenario-timeout", "600",
                "--adapter", "\(adapter) --grandchild --fault hang@reset:3 --pid-log \(directory.path("pids")) --progress \(directory.path("progress"))",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()

            // Wait until two test cases have finished and the third has reset (and hangs), then interrupt.
            // The deadline only keeps a broken harness from hanging the suite: the hang cannot end by itself.
            // It is looked at once more after the deadline: a late wake-up of this task is not a broken harness.
            let deadline = ContinuousClock.now + .seconds(300)
            func hangs() -> Bool { ((try? String(contentsOfFile: directory.path("progress"), encoding: .utf8)) ?? "").contains("reset 3") }
            while !hangs(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            let hanging = hangs()
            kill(process.processIdentifier, number)
            try #require(hanging, "the third test case reached its reset")
            let exitDeadline = ContinuousClock.now + .seconds(300)
            while process.isRunning, ContinuousClock.now < exitDeadline { try await Task.sleep(for: .milliseconds(20)) }
            try #require(!process.isRunning, "the harness ends soon after the signal")
            #expect(process.terminationStatus == 2, "an interrupted run exits 2")

            let junit = try Data(contentsOf: URL(fileURLWithPath: directory.path("reports/junit.xml")))
            let cases = try JUnitCases(parsing: junit)
            #expect(cases.total == planned, "every planned test case is in the report")
            #expect(cases.passed == 2, "the finished results are kept: \(cases)")
            #expect(cases.notRun == planned - 2, "the one in flight and the rest are marked as not run: \(cases)")
            #expect(FileManager.default.fileExists(atPath: directory.path("reports/summary.md")))

            let pids = try String(contentsOfFile: directory.path("pids"), encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
            #expect(!pids.isEmpty)
            for pid in pids { #expect(ProcessGroup.livingMembers(of: pid).isEmpty, "adapter group \(pid) has ended") }
        }
    }
}

/// The test cases of a JUnit XML report, counted by outcome.
struct JUnitCases: CustomStringConvertible {
    var total = 0
    var passed = 0
    var notRun = 0
    var other = 0

    var description: String { "total \(total), passed \(passed), not run \(notRun), other \(other)" }

    init(parsing data: Data) throws {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        for outcome in delegate.outcomes {
            total += 1
            switch outcome {
            case "passed": passed += 1
            case "notRun": notRun += 1
            default: other += 1
            }
        }
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var outcomes: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch name {
            case "testcase": outcomes.append("passed")
            case "skipped": if !outcomes.isEmpty { outcomes[outcomes.count - 1] = "skipped" }
            // A case the interruption kept from finishing is an <error type="notRun">: the run is incomplete.
            case "error": if !outcomes.isEmpty { outcomes[outcomes.count - 1] = attributes["type"] == "notRun" ? "notRun" : name }
            case "failure": if !outcomes.isEmpty { outcomes[outcomes.count - 1] = name }
            default: break
            }
        }
    }
}
