import Foundation
import SingleLoginEvents
import SingleLoginReports
import SingleLoginTestSupport
import Testing
@testable import SingleLoginCommands

/// `sl-fake-adapter --fault exit:3@reset --once FILE`: its first process exits at the first reset
/// (the test case errors), the restarted one behaves. A case that errors once, then passes.
func flakyAdapterCommand(once: String) -> String? {
    var directories = Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }.map { $0.bundleURL.deletingLastPathComponent() }
    directories.append(
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            ".build/debug"))
    guard let adapter = directories.map({ $0.appendingPathComponent("sl-fake-adapter").path }).first(where: FileManager.default.isExecutableFile(atPath:))
    else { return nil }
    return "'\(adapter)' --fault exit:3@reset --once '\(once)'"
}

@Suite("Retries: run --retry says flaky, and the gate counts it unless --accept-flaky")
struct RetryTests {
    /// Runs SL-LOGIN-1 against the adapter that errors once, with `--retry 2` and `extra`.
    static func flakyRun(_ runs: BaselineRuns, _ name: String, _ extra: [String] = []) async throws -> (
        status: Int32, out: String, junit: String, report: JUnitReport
    ) {
        let adapter = try #require(flakyAdapterCommand(once: runs.path("\(name).once")), "sl-fake-adapter is not built")
        let run = await Tool.run(
            ["run", "--only", "SL-LOGIN-1", "--adapter", adapter, "--retry", "2", "--reports", runs.path(name), "--events", runs.path("\(name)/events.jsonl")]
                + extra)
        let junit = try String(contentsOfFile: runs.path("\(name)/junit.xml"), encoding: .utf8)
        return (run.status, run.out + run.err, junit, try JUnitMerger.parse(Data(junit.utf8)))
    }

    static func login(_ report: JUnitReport) throws -> JUnitReport.Case {
        try #require(report.suites.first { $0.property("requirement.id") == "SL-LOGIN-1" }?.cases.first)
    }

    @Test("a case that errors, then passes, is flaky: exit 1, a flaky <failure> with its <flakyError>, and every report says flaky")
    func flakyGated() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let run = try await Self.flakyRun(runs, "gated")
        #expect(run.status == 1, "\(run.out)")
        #expect(run.out.contains("FLAKY  SL-LOGIN-1 / opens signed in: errored on attempt 1, passed on attempt 2 of 2 — counted as failed"), "\(run.out)")
        #expect(run.out.contains("Result: FAILED (exit status 1"))
        let login = try Self.login(run.report)
        guard case let .failure(message, type, _) = login.result else { Issue.record("not a failure: \(login.result)"); return }
        #expect(type == Issue.Kind.flaky.rawValue)
        #expect(message.hasPrefix("flaky: errored on attempt 1, passed on attempt 2 of 2"))
        #expect(login.flaky && login.attempts.count == 1 && login.attempts[0].errored && login.attempts[0].type == "adapter.exited")
        #expect(run.junit.contains("<flakyError message=\"attempt 1 of 2: the adapter exited"))
        let summary = try String(contentsOfFile: runs.path("gated/summary.md"), encoding: .utf8)
        #expect(summary.contains("## Retried test cases") && summary.contains("🔁 flaky"))
        let html = try String(contentsOfFile: runs.path("gated/report.html"), encoding: .utf8)
        #expect(html.contains("Flaky (counted as failed)"))
        let events = try String(contentsOfFile: runs.path("gated/events.jsonl"), encoding: .utf8)
        let ended = try #require(events.split(separator: "\n").first { $0.contains("\"testCaseEnded\"") && $0.contains("\"outcome\":\"failed\"") })
        #expect(ended.contains("\"flaky\":true") && ended.contains("\"attempts\":[{"))
        // A merge keeps the attempts, byte for byte.
        #expect(try JUnitMerger.merge([("gated", run.report)]).render() == JUnitMerger.parse(JUnitMerger.merge([("gated", run.report)]).render()).render())
        #expect(try Self.login(JUnitMerger.merge([("gated", run.report)])).attempts == login.attempts)
    }

    @Test("with --accept-flaky the flaky case passes (exit 0), keeps its <flakyError>, and the console still says flaky")
    func flakyAccepted() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let run = try await Self.flakyRun(runs, "accepted", ["--accept-flaky"])
        #expect(run.status == 0, "\(run.out)")
        #expect(
            run.out.contains("FLAKY  SL-LOGIN-1 / opens signed in: errored on attempt 1, passed on attempt 2 of 2 — accepted (--accept-flaky)"), "\(run.out)")
        let login = try Self.login(run.report)
        #expect(login.result == .passed)
        #expect(login.flaky && login.attempts.count == 1)
        #expect(CaseVerdicts(junit: run.report).entries.first { $0.id.requirementID == "SL-LOGIN-1" }?.verdict == .passed)
    }

    @Test("a case that fails every attempt keeps each earlier one as <rerunFailure>, and is no flaky case")
    func failsEveryAttempt() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let run = await Tool.run(["run", "--only", "SL-LOGOUT-1", "--reference-flaw", "leavesNameOnScreen", "--retry", "1", "--reports", runs.path("r")])
        #expect(run.status == 1)
        #expect(
            run.out.contains("FAIL  SL-LOGOUT-1 / ") && run.out.contains("failed on attempt 1, failed on attempt 2 of 2 — failed every attempt"), "\(run.out)")
        #expect(run.out.contains("(0 flaky)"))
        let report = try JUnitMerger.parse(Data(contentsOf: URL(fileURLWithPath: runs.path("r/junit.xml"))))
        let cases = report.suites.filter { $0.property("requirement.id") == "SL-LOGOUT-1" }.flatMap(\.cases).filter { !$0.attempts.isEmpty }
        #expect(!cases.isEmpty)
        for testCase in cases {
            guard case .failure = testCase.result else { Issue.record("\(testCase.name) is not a failure"); continue }
            #expect(!testCase.flaky && testCase.attempts.count == 1 && testCase.attempts[0].elementName(flaky: testCase.flaky) == "rerunFailure")
        }
    }

    @Test(
        "--accept-flaky needs --retry, and --retry no --bundle: usage errors that say why",
        arguments: [
            (["--accept-flaky"], "'--accept-flaky' applies to '--retry <n>'"),
            (["--retry", "1", "--bundle", "b.tar"], "'--retry' cannot be combined with '--bundle <file>'"),
            (["--retry", "0"], "--retry"),
        ])
    func usage(words: [String], message: String) async throws {
        let reports = try TemporaryDirectory()
        let run = await Tool.run(["run"] + words + ["--reports", reports.url.path])
        #expect(run.status == 64)
        #expect(run.err.contains(message), "\(run.err)")
    }
}
