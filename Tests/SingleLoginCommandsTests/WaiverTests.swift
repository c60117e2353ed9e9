import CommandLineKit
import Foundation
import SingleLoginEvents
@testable import SingleLoginReports
import Testing
@testable import SingleLoginCommands

@Suite("Waivers: known failures on record, until they expire")
struct WaiverTests {
    /// 2026-03-15 at noon UTC: every test's "today".
    static let today = Date(timeIntervalSince1970: 1_773_576_000)

    /// `sl-conformance` in process with its clock fixed at ``today``.
    static func tool(_ words: [String]) async -> (status: Int32, out: String, err: String) {
        var commands = ConformanceCommandLine.commands
        commands[commands.firstIndex { $0.name == "run" }!] = AnyCommand(RunCommand(clock: { WaiverTests.today }))
        let tool = CommandLineTool(name: "sl-conformance", overview: "", version: "", commands: commands)
        let captured = CapturedOutput()
        let status = await tool.run(words, output: captured.output)
        return (status, captured.standardOutput, captured.standardError)
    }

    /// Writes a waiver file holding `entries` (JSON objects) and runs SL-LOGIN-1 and SL-LOGOUT-1, flawed or not.
    static func run(_ runs: BaselineRuns, flawed: Bool, entries: [String], _ extra: [String] = []) async throws -> (
        status: Int32, out: String, err: String, junit: String
    ) {
        let file = runs.path("waivers.json")
        try "{\n  \"formatVersion\": \"1.0\",\n  \"waivers\": [\n    \(entries.joined(separator: ",\n    "))\n  ]\n}\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let words =
            ["run", "--only", "SL-LOGIN-1", "--only", "SL-LOGOUT-1", "--reports", runs.path("r"), "--waivers", file]
            + (flawed ? ["--reference-flaw", "leavesNameOnScreen"] : []) + extra
        let run = await tool(words)
        let junit = (try? String(contentsOfFile: runs.path("r/junit.xml"), encoding: .utf8)) ?? ""
        return (run.status, run.out, run.err, junit)
    }

    static let logout =
        #"{"requirement": "SL-LOGOUT-1", "reason": "name label not cleared yet", "link": "https://example.com/issues/7", "expires": "2026-03-31"}"#

    @Test("an unexpired waiver skips the failure with its reason, link and expiry; the job passes and the last line names it")
    func waived() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let run = try await Self.run(runs, flawed: true, entries: [Self.logout])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(
            run.junit.contains(#"<skipped message="waived: name label not cleared yet (https://example.com/issues/7; expires 2026-03-31)"/>"#), "\(run.junit)")
        #expect(!run.junit.contains("<failure"))
        #expect(run.out.contains("Result: PASSED with 1 waiver (SL-LOGOUT-1) (exit status 0"), "\(run.out)")
        #expect(run.out.contains("\nWaivers:\n  waived SL-LOGOUT-1 / "))
        let summary = try String(contentsOfFile: runs.path("r/summary.md"), encoding: .utf8)
        #expect(summary.contains("## Waivers"))
        #expect(summary.contains("# Single Login") && summary.contains("✅ passed"))
        // The page lists the waived case under a heading of its own, with what the waiver says.
        let html = try String(contentsOfFile: runs.path("r/report.html"), encoding: .utf8)
        #expect(html.contains(#"<h2 id="waived-heading">Waived ("#), "\(html)")
        #expect(html.contains("waived: name label not cleared yet (https://example.com/issues/7; expires 2026-03-31)"))
        // And what the waivers did, as the console and summary.md list it.
        #expect(html.contains("<h2 id=\"waivers-heading\">Waivers</h2>\n<ul>\n<li>waived SL-LOGOUT-1 / "), "\(html)")
    }

    @Test(
        "an expired waiver, or one for other app versions, fails again and says the waiver ran out",
        arguments: [
            (#"{"requirement": "SL-LOGOUT-1", "reason": "old", "link": "https://example.com/7", "expires": "2026-03-14"}"#, "the waiver ran out on 2026-03-14"),
            (
                #"{"requirement": "SL-LOGOUT-1", "reason": "old", "link": "https://example.com/7", "expires": "2026-12-31", "appVersions": {"through": "0.0.1"}}"#,
                "the waiver ran out: it covers app versions up to 0.0.1, not "
            ),
        ])
    func ranOut(entry: String, message: String) async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let run = try await Self.run(runs, flawed: true, entries: [entry])
        #expect(run.status == 1)
        #expect(run.junit.contains(#"<failure message="\#(message)"#), "\(run.junit)")
        #expect(run.out.contains("Result: FAILED (exit status 1"), "\(run.out)")
        #expect(run.out.contains("failing again SL-LOGOUT-1 / "))
    }

    @Test("a requirement whose one failing case is waived while another passed is waived in every report, not passed")
    func partlyWaivedRequirement() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        // skipsCheckOnResume fails SL-LOGIN-7 while suspended and passes it while running.
        let file = runs.path("waivers.json")
        let entry = #"{"requirement": "SL-LOGIN-7", "reason": "resume check pending", "link": "https://example.com/9", "expires": "2026-03-31"}"#
        try "{\n  \"formatVersion\": \"1.0\",\n  \"waivers\": [\(entry)]\n}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let run = await Self.tool([
            "run", "--only", "SL-LOGIN-7", "--reference-flaw", "skipsCheckOnResume", "--reports", runs.path("r"), "--waivers", file,
            "--badge", runs.path("r/badge.json"),
        ])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("\nWAIVED   SL-LOGIN-7 "), "\(run.out)")
        #expect(!run.out.contains("\nPASS     SL-LOGIN-7 "), "\(run.out)")
        let summary = try String(contentsOfFile: runs.path("r/summary.md"), encoding: .utf8)
        #expect(summary.contains("| ⏭ waived | SL-LOGIN-7 |"), "\(summary)")
        let junit = try String(contentsOfFile: runs.path("r/junit.xml"), encoding: .utf8)
        #expect(!junit.contains(#"<property name="requirement.verdict" value="passed"/>"#), "\(junit)")
        let badge = try String(contentsOfFile: runs.path("r/badge.json"), encoding: .utf8)
        #expect(badge.contains(#""message":"0/1 MUST, 1 waived""#), "\(badge)")
    }

    @Test("verify reads a requirement that sl-conformance 0.1.0 called passed, with a waived case, as intact; from a later harness it is not")
    func olderHarnessWaivedAsPassed() {
        let waived = Verdict.waived(WaivedFailure(reason: "r", link: "https://example.com/1", expires: "2026-03-31"))
        #expect(Check.isWaivedAsPassedByOlderHarness(stated: .passed, rejudged: waived, harness: "0.1.0"))
        #expect(!Check.isWaivedAsPassedByOlderHarness(stated: .passed, rejudged: waived, harness: "0.2.0"))
        #expect(!Check.isWaivedAsPassedByOlderHarness(stated: .passed, rejudged: .failed, harness: "0.1.0"))
        #expect(!Check.isWaivedAsPassedByOlderHarness(stated: .failed, rejudged: waived, harness: "0.1.0"))
    }

    @Test("a waiver holds through its expiry day (UTC)")
    func expiryDay() {
        let waiver = Waiver(subject: .requirement("SL-A-1"), reason: "r", link: "https://x", expires: "2026-03-15")
        #expect(waiver.lapse(today: WaiverStage.day(of: Self.today), appVersion: nil) == nil)
        #expect(waiver.lapse(today: "2026-03-16", appVersion: nil) == "the waiver ran out on 2026-03-15")
        #expect(AppVersionRange(from: "4.9", through: "4.10").contains("4.10.0"))
        #expect(!AppVersionRange(from: "4.9").contains("4.8.9"))
    }

    @Test("a waived case that passes is an unexpected pass: a warning, and a failure with --strict-waivers")
    func unexpectedPass() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let warned = try await Self.run(runs, flawed: false, entries: [Self.logout])
        #expect(warned.status == 0)
        #expect(warned.out.contains("warning: unexpected pass: remove the waiver for 'SL-LOGOUT-1'"), "\(warned.out)")
        let page = try String(contentsOfFile: runs.path("r/report.html"), encoding: .utf8)
        #expect(page.contains("<li>warning: unexpected pass: remove the waiver for "), "\(page)")
        let strict = try await Self.run(runs, flawed: false, entries: [Self.logout], ["--strict-waivers"])
        #expect(strict.status == 1)
        // The console's waivers list says what the verdict is: a failure, not a warning.
        #expect(strict.out.contains("failed: unexpected pass: remove the waiver for 'SL-LOGOUT-1'"), "\(strict.out)")
        #expect(!strict.out.contains("warning: unexpected pass"), "\(strict.out)")
        // The last line says what failed: nothing of the app's, only waivers that no longer hold.
        #expect(
            strict.out.contains(
                "Result: FAILED (exit status 1: requirement failures: 3 test cases waived but passing (--strict-waivers: remove their waivers))"),
            "\(strict.out)")
        #expect(
            strict.junit.contains(#"<failure message="unexpected pass: remove the waiver for &apos;SL-LOGOUT-1&apos; (--strict-waivers)"#)
                || strict.junit.contains("unexpected pass: remove the waiver"), "\(strict.junit)")
    }

    @Test("a test case waiver covers only that case")
    func testCaseWaiver() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let entry = #"{"testCase": "SL-LOGOUT-1 / signed out while running", "reason": "r", "link": "https://example.com/7", "expires": "2026-03-31"}"#
        let run = try await Self.run(runs, flawed: true, entries: [entry])
        #expect(run.status == 1, "the other SL-LOGOUT-1 case still fails")
        #expect(run.junit.contains("<skipped message=\"waived: r"))
        #expect(run.out.contains("with 1 waiver (SL-LOGOUT-1)"))
    }

    @Test("an invalid waiver file exits 65 with file, line and column, like a spec; a missing one 66")
    func invalid() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let entry = #"{"requirement": "SL-LOGOUT-1", "reson": "r", "link": "ftp://x", "expires": "2026-02-30"}"#
        let run = try await Self.run(runs, flawed: true, entries: [entry])
        #expect(run.status == 65)
        let file = runs.path("waivers.json")
        #expect(run.err.contains("\(file):4:36: error: unknown key 'reson'; did you mean 'reason'?"), "\(run.err)")
        #expect(run.err.contains("is not an http or https address"))
        #expect(run.err.contains("'2026-02-30' is no day of the calendar"), "\(run.err)")
        let missing = await Self.tool(["run", "--waivers", runs.path("none.json"), "--reports", runs.path("r")])
        #expect(missing.status == 66)
        // A range that covers no version is refused where it stands, not found out when it never applies.
        let reversed =
            #"{"requirement": "SL-LOGOUT-1", "reason": "r", "link": "https://x.example", "expires": "2026-03-31", "appVersions": {"from": "5.0", "through": "4.0"}}"#
        let backwards = try await Self.run(runs, flawed: true, entries: [reversed])
        #expect(backwards.status == 65)
        #expect(backwards.err.contains("'appVersions' runs from 5.0 through 4.0, which covers no version"), "\(backwards.err)")
    }

    @Test(
        "a waiver that names a requirement or test case the spec does not have is refused (65), with where it is and the closest name",
        arguments: [
            (#""requirement": "SL-LOGOUT-9""#, "the waiver for 'SL-LOGOUT-9' names no requirement of single-login", "did you mean 'SL-LOGOUT-1'?"),
            (
                #""testCase": "SL-LOGOUT-1 / signed out while runing""#, "the waiver for 'SL-LOGOUT-1 / signed out while runing' names no test case",
                "did you mean 'SL-LOGOUT-1 / "
            ),
            (
                #""testCase": "SL-SWITCH-3 / user changes while suspnded""#, "the waiver for 'SL-SWITCH-3 / user changes while suspnded' names no test case",
                "SL-SWITCH-3's test cases are 'while suspended', 'while not running', "
            ),
        ])
    func unknownSubject(subject: String, message: String, suggestion: String) async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let entry = #"{"# + subject + #", "reason": "r", "link": "https://x.example", "expires": "2026-03-31"}"#
        let run = try await Self.run(runs, flawed: true, entries: [entry])
        #expect(run.status == 65)
        #expect(run.err.contains("\(runs.path("waivers.json")):4:5: error: \(message)"), "\(run.err)")
        #expect(run.err.contains(" (at $.waivers[0]."), "\(run.err)")
        #expect(run.err.contains("  fix: \(suggestion)"), "\(run.err)")
        // Refused before anything ran, and the reports say so.
        let junit = try String(contentsOfFile: runs.path("r/junit.xml"), encoding: .utf8)
        #expect(junit.contains("sl-conformance run did not start: exit status 65 (invalid spec)"), "\(junit)")
    }

    @Test("every waiver that names nothing is reported in one run, each with its place")
    func everyUnknownSubjectAtOnce() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let entries = [
            #"{"requirement": "SL-LOGOUT-9", "reason": "r", "link": "https://x.example", "expires": "2026-03-31"}"#,
            Self.logout,
            #"{"testCase": "SL-LOGIN-1 / no such scenario", "reason": "r", "link": "https://x.example", "expires": "2026-03-31"}"#,
        ]
        let run = try await Self.run(runs, flawed: true, entries: entries)
        #expect(run.status == 65)
        #expect(run.err.contains("\(runs.path("waivers.json")):4:5: error: the waiver for 'SL-LOGOUT-9' names no requirement"), "\(run.err)")
        #expect(run.err.contains("(at $.waivers[0].requirement)"), "\(run.err)")
        #expect(run.err.contains("\(runs.path("waivers.json")):6:5: error: the waiver for 'SL-LOGIN-1 / no such scenario' names no test case"), "\(run.err)")
        #expect(run.err.contains("(at $.waivers[2].testCase)"), "\(run.err)")
    }
}
