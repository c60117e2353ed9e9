import CommandLineKit
import Foundation
import SingleLoginEvents
@testable import SingleLoginReports
import SingleLoginSpec
import Testing
@testable import SingleLoginCommands

/// Real reports of the bundled reference app, clean and with a flaw that fails SL-LOGOUT-1, written
/// into a temporary directory (never the repository's reports/).
struct BaselineRuns {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sl-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Runs SL-LOGIN-1 and SL-LOGOUT-1 (flawed or not) into `<name>/`, with `extra` words.
    func run(_ name: String, flawed: Bool, _ extra: [String] = []) async -> (status: Int32, out: String, err: String) {
        await Tool.run(
            ["run", "--only", "SL-LOGIN-1", "--only", "SL-LOGOUT-1", "--reports", path(name)] + (flawed ? ["--reference-flaw", "leavesNameOnScreen"] : [])
                + extra)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite("Baselines: run --baseline and diff compare test case by test case")
struct BaselineTests {
    @Test("a fixed failure is newly passing; --fail-on regressions exits 0 and summary.md lists it")
    func newlyPassing() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let before = await runs.run("before", flawed: true)
        #expect(before.status == 1)
        let after = await runs.run("after", flawed: false, ["--baseline", runs.path("before/junit.xml"), "--fail-on", "regressions"])
        #expect(after.status == 0, "\(after.out)\(after.err)")
        #expect(after.out.contains("newly passing:\n    SL-LOGOUT-1 / "), "\(after.out)")
        #expect(after.out.contains("0 newly failing"))
        #expect(after.out.contains("Result: PASSED (exit status 0: no regressions against the baseline)"), "\(after.out)")
        let summary = try String(contentsOfFile: runs.path("after/summary.md"), encoding: .utf8)
        #expect(summary.contains("## Compared with the baseline"))
        #expect(summary.contains("### Newly passing"))
        #expect(summary.contains("| ❌ failed | ✅ passed |"))
        #expect(!after.out.contains("Comparing with a baseline of"), "the same spec needs no word")

        // A baseline of another version of the catalogue is compared all the same, and the run says so.
        let version = try #require(EmbeddedSpec.named("single-login")?.identity?.version)
        let older = try String(contentsOfFile: runs.path("before/junit.xml"), encoding: .utf8).replacingOccurrences(
            of: "name=\"spec.version\" value=\"\(version)\"", with: "name=\"spec.version\" value=\"0.9.0\"")
        try older.write(toFile: runs.path("older.xml"), atomically: true, encoding: .utf8)
        let upgraded = await runs.run("upgraded", flawed: false, ["--baseline", runs.path("older.xml"), "--fail-on", "regressions"])
        #expect(upgraded.status == 0, "\(upgraded.out)\(upgraded.err)")
        #expect(upgraded.out.contains("Comparing with a baseline of single-login 0.9.0 (this run: \(version))"), "\(upgraded.out)")
    }

    @Test("a shard compared with a whole run's baseline: the cases other shards run are neither removed nor regressions; a new failure in the shard still is")
    func shard() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        #expect(await runs.run("whole", flawed: false).status == 0)
        var removed = 0
        for index in 1...2 {
            let part = await runs.run(
                "part\(index)", flawed: false, ["--shard", "\(index)/2", "--baseline", runs.path("whole/junit.xml"), "--fail-on", "regressions"])
            #expect(part.status == 0, "\(part.out)\(part.err)")
            #expect(part.out.contains(" 0 removed"), "\(part.out)")
            removed += part.out.contains("removed:") ? 1 : 0
        }
        #expect(removed == 0)
        let flawed = await runs.run("flawed", flawed: true, ["--shard", "1/2", "--baseline", runs.path("whole/junit.xml"), "--fail-on", "regressions"])
        let other = await runs.run("flawed2", flawed: true, ["--shard", "2/2", "--baseline", runs.path("whole/junit.xml"), "--fail-on", "regressions"])
        #expect(
            [flawed.status, other.status].sorted() == [0, 1] || [flawed.status, other.status] == [1, 1],
            "the shard that runs SL-LOGOUT-1 / signed out while running reports it newly failing")
        #expect((flawed.out + other.out).contains("newly failing:\n    SL-LOGOUT-1 / "), "\(flawed.out)\(other.out)")
    }

    @Test("a new failure is newly failing and a regression: --fail-on regressions exits 1")
    func newlyFailing() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        #expect(await runs.run("before", flawed: false).status == 0)
        let after = await runs.run("after", flawed: true, ["--baseline", runs.path("before/junit.xml"), "--fail-on", "regressions"])
        #expect(after.status == 1)
        #expect(after.out.contains("newly failing:\n    SL-LOGOUT-1 / "), "\(after.out)")
        #expect(after.out.contains("regression"))
        #expect(after.out.contains("against the baseline)"))
    }

    @Test("failures already in the baseline do not fail --fail-on regressions, but do fail without it")
    func knownFailures() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        #expect(await runs.run("before", flawed: true).status == 1)
        let gated = await runs.run("gated", flawed: true, ["--baseline", runs.path("before/junit.xml"), "--fail-on", "regressions"])
        #expect(gated.status == 0, "\(gated.out)")
        #expect(gated.out.contains("0 newly failing, 0 newly passing, 0 added, 0 removed; no regressions"))
        // summary.md states the status the job exits with, and why; its failures stay listed.
        let summary = try String(contentsOfFile: runs.path("gated/summary.md"), encoding: .utf8)
        #expect(summary.contains("| Exit status | 0 (--fail-on regressions: no regressions against the baseline) |"), "\(summary)")
        #expect(summary.contains("✅ passed (--fail-on regressions: no regressions against the baseline)"), "\(summary)")
        #expect(summary.contains("❌"), "the failing requirements are still there")
        // So does report.html's header; its requirements keep their own verdicts.
        let page = try String(contentsOfFile: runs.path("gated/report.html"), encoding: .utf8)
        #expect(page.contains("<strong>PASSED</strong> <span>exit status 0 (--fail-on regressions: no regressions against the baseline)</span>"), "\(page)")
        #expect(page.contains(": PASSED"), "the title states it too")
        #expect(page.contains("✗ Failed"), "the failing requirements are still there")
        let plain = await runs.run("plain", flawed: true, ["--baseline", runs.path("before/junit.xml")])
        #expect(plain.status == 1)
    }

    @Test("diff: a renamed case is one removed (a regression, exit 1) and one added")
    func removedAndAdded() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        #expect(await runs.run("old", flawed: false).status == 0)
        let old = try String(contentsOfFile: runs.path("old/junit.xml"), encoding: .utf8)
        let report = try JUnitMerger.parse(Data(old.utf8))
        let renamed = try #require(report.suites.first { $0.property("requirement.id") == "SL-LOGOUT-1" }?.cases.first?.name)
        try old.replacingOccurrences(of: "name=\"\(renamed)\"", with: "name=\"\(renamed) (renamed)\"").write(
            toFile: runs.path("new.xml"), atomically: true, encoding: .utf8)
        let diff = await Tool.run(["diff", runs.path("old/junit.xml"), runs.path("new.xml")])
        #expect(diff.status == 1)
        #expect(diff.out.contains("0 newly failing, 0 newly passing, 1 added, 1 removed; 1 regression\n"), "\(diff.out)")
        #expect(diff.out.contains("  removed (a regression: the case no longer runs):\n    SL-LOGOUT-1 / \(renamed)  (PASS -> absent)\n"))
        #expect(diff.out.contains("  added:\n    SL-LOGOUT-1 / \(renamed) (renamed)  (absent -> PASS)\n"))
        let same = await Tool.run(["diff", runs.path("old/junit.xml"), runs.path("old/junit.xml")])
        #expect(same.status == 0)
    }

    @Test("diff: a NEW run interrupted before its cases ran is no run without regressions: each case that passed and did not run is newly failing (exit 1)")
    func interruptedNew() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        #expect(await runs.run("old", flawed: false).status == 0)
        // The JUnit report of a run stopped (SIGTERM) after its first passing test case: the later ones were not run.
        var report = try JUnitMerger.parse(Data(contentsOf: URL(fileURLWithPath: runs.path("old/junit.xml"))))
        var kept = false
        var notRun: [String] = []
        for suite in report.suites.indices {
            for index in report.suites[suite].cases.indices where report.suites[suite].cases[index].result == .passed {
                if !kept {
                    kept = true
                    continue
                }
                let message = JUnitReport.notRunPrefix + "the run was interrupted"
                report.suites[suite].cases[index].result = .error(message: message, type: JUnitReport.notRunType, body: message)
                notRun.append("\(report.suites[suite].property("requirement.id") ?? "") / \(report.suites[suite].cases[index].name)")
            }
        }
        try #require(!notRun.isEmpty)
        try report.render().write(to: URL(fileURLWithPath: runs.path("interrupted.xml")))
        let diff = await Tool.run(["diff", runs.path("old/junit.xml"), runs.path("interrupted.xml")])
        #expect(diff.status == 1, "\(diff.out)")
        #expect(diff.out.contains("; \(notRun.count) newly failing, 0 newly passing, 0 added, 0 removed; \(notRun.count) regression"), "\(diff.out)")
        for id in notRun { #expect(diff.out.contains("    \(id)  (PASS -> NOT RUN)\n"), "\(diff.out)") }
        // The other way round, the cases the interrupted run did not reach and the whole run passed are newly passing.
        let back = await Tool.run(["diff", runs.path("interrupted.xml"), runs.path("old/junit.xml")])
        #expect(back.status == 0, "\(back.out)")
        #expect(back.out.contains("; 0 newly failing, \(notRun.count) newly passing, 0 added, 0 removed; no regressions"), "\(back.out)")
        #expect(await Tool.run(["diff", "--help"]).out.contains("A case that passed\nin OLD and was not run in NEW"))
    }

    @Test("an added case that fails is a regression; a case going from failing to skipped is not listed")
    func addedFailingAndSkipped() {
        let a = TestCaseID(requirementID: "SL-A-1", scenarioName: "a")
        let b = TestCaseID(requirementID: "SL-B-1", scenarioName: "b")
        let baseline = CaseVerdicts([.init(id: a, verdict: .failed)])
        let current = CaseVerdicts([.init(id: a, verdict: .skipped(reason: "--skip")), .init(id: b, verdict: .errored)])
        let comparison = BaselineComparison(baseline: baseline, current: current)
        #expect(comparison.newlyFailing.isEmpty && comparison.newlyPassing.isEmpty && comparison.removed.isEmpty)
        #expect(comparison.added.map(\.id) == [b])
        #expect(comparison.regressions.map(\.id) == [b])
    }

    @Test("a missing or unreadable baseline exits 66 before anything runs; --fail-on regressions needs --baseline (64)")
    func inputs() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        let missing = await runs.run("r", flawed: false, ["--baseline", runs.path("nope.xml")])
        #expect(missing.status == 66)
        #expect(missing.err.contains("nope.xml: no such file\n  fix: give '--baseline' the junit.xml"), "\(missing.err)")
        try "not xml".write(toFile: runs.path("bad.xml"), atomically: true, encoding: .utf8)
        let bad = await Tool.run(["diff", runs.path("bad.xml"), runs.path("bad.xml")])
        #expect(bad.status == 66)
        #expect(bad.err.contains("not a JUnit report"))
        let usage = await Tool.run(["run", "--fail-on", "regressions", "--reports", runs.path("usage")])
        #expect(usage.status == 64)
        #expect(usage.err.contains("'--fail-on regressions' needs '--baseline <file>'"))
    }
}
