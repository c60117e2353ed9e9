import Foundation
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec
import Testing
@testable import SingleLoginCommands

@Suite("Reruns: run --rerun FILE runs what failed or did not run there, and keeps the passes")
struct RerunTests {
    @Test("the failures of an earlier run run again with their history; its passes are kept as they were")
    func rerunsFailures() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        #expect(await runs.run("before", flawed: true).status == 1)
        let before = try JUnitMerger.parse(Data(contentsOf: URL(fileURLWithPath: runs.path("before/junit.xml"))))
        let failing = CaseVerdicts(junit: before).entries.filter(\.verdict.isFailing).map(\.id)
        let passing = CaseVerdicts(junit: before).entries.filter(\.verdict.isPassing).map(\.id)
        #expect(!failing.isEmpty && !passing.isEmpty)

        // Passing now after failing there: flaky, so the gate fails it until --accept-flaky.
        let gated = await runs.run("gated", flawed: false, ["--rerun", runs.path("before/junit.xml")])
        #expect(gated.status == 1, "\(gated.out)")
        #expect(
            gated.out.contains(
                "Re-running \(failing.count) test case\(failing.count == 1 ? "" : "s") that did not pass in \(runs.path("before/junit.xml")); keeping \(passing.count) earlier result"
            ), "\(gated.out)")
        #expect(
            gated.out.contains(
                "Result: FAILED (exit status 1: requirement failures: \(failing.count) test case\(failing.count == 1 ? "" : "s") flaky (failed, then passed: --accept-flaky accepts them))"
            ),
            "\(gated.out)")
        let accepted = await runs.run("accepted", flawed: false, ["--rerun", runs.path("before/junit.xml"), "--accept-flaky"])
        #expect(accepted.status == 0, "\(accepted.out)")
        #expect(accepted.out.contains("FLAKY  SL-LOGOUT-1 / "), "\(accepted.out)")

        let merged = try JUnitMerger.parse(Data(contentsOf: URL(fileURLWithPath: runs.path("accepted/junit.xml"))))
        let cases = Dictionary(
            uniqueKeysWithValues: merged.suites.flatMap { suite in
                suite.cases.map { (TestCaseID(requirementID: suite.property("requirement.id") ?? "", scenarioName: $0.name), $0) }
            })
        let earlier = Dictionary(
            uniqueKeysWithValues: before.suites.flatMap { suite in
                suite.cases.map { (TestCaseID(requirementID: suite.property("requirement.id") ?? "", scenarioName: $0.name), $0) }
            })
        for id in failing {
            let testCase = try #require(cases[id])
            #expect(testCase.result == .passed && testCase.flaky, "\(id)")
            // The earlier failure is the first attempt of its history, with its message.
            guard case let .failure(message, type, _) = earlier[id]?.result else { Issue.record("\(id) did not fail before"); continue }
            #expect(testCase.attempts.map(\.type) == [type])
            #expect(testCase.attempts.first?.message == "attempt 1 of 2: \(message)")
        }
        for id in passing {
            // Kept, not run again: the earlier time, no history.
            #expect(cases[id]?.result == .passed && cases[id]?.attempts.isEmpty == true, "\(id)")
            #expect(cases[id]?.time == earlier[id]?.time, "\(id)")
        }
    }

    @Test("a case missing from the earlier report runs; an unreadable report or another spec's is refused with the fix")
    func inputs() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        #expect(await Tool.run(["run", "--only", "SL-LOGIN-1", "--reports", runs.path("login")]).status == 0)
        let wider = await runs.run("wider", flawed: false, ["--rerun", runs.path("login/junit.xml")])
        #expect(wider.status == 0, "\(wider.out)")
        #expect(wider.out.contains("keeping 1 earlier result"), "\(wider.out)")
        #expect(!wider.out.contains("Re-running 0 "))

        let missing = await runs.run("missing", flawed: false, ["--rerun", runs.path("nothing.xml")])
        #expect(missing.status == 66)
        #expect(missing.err.contains("nothing.xml: no such file") && missing.err.contains("fix: give '--rerun' the junit.xml"), "\(missing.err)")

        // A report of another spec, of another version of this one (its cases may have other steps,
        // or be new), or of this version in other bytes is refused, saying which.
        let version = try #require(EmbeddedSpec.named("single-login")?.identity?.version)
        let refusals = [
            ("name=\"spec.id\" value=\"single-login\"", "name=\"spec.id\" value=\"another-spec\"", "a report of spec 'another-spec', not 'single-login'"),
            ("name=\"spec.version\" value=\"\(version)\"", "name=\"spec.version\" value=\"0.9.0\"", "a report of single-login 0.9.0, not \(version)"),
            (#"name="spec.sha256" value=""#, #"name="spec.sha256" value="0"#, "in other bytes"),
        ]
        for (index, (old, new, message)) in refusals.enumerated() {
            let edited = try String(contentsOfFile: runs.path("login/junit.xml"), encoding: .utf8).replacingOccurrences(of: old, with: new)
            try edited.write(toFile: runs.path("other\(index).xml"), atomically: true, encoding: .utf8)
            let refused = await runs.run("refused\(index)", flawed: false, ["--rerun", runs.path("other\(index).xml")])
            #expect(refused.status == 64, "\(message)")
            #expect(refused.err.contains(message), "\(refused.err)")
        }
    }
}

@Suite("An evidence bundle as the earlier run: --baseline, diff and --rerun read its junit.xml")
struct BundleBaselineTests {
    @Test("a bundle compares as its junit.xml does, is a bundle's baseline.xml as that junit.xml, and a tar without junit.xml is refused")
    func bundleAsBaseline() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        // The bundle the verify tests make (a run of the whole catalogue with a flaw), not one more.
        let bundle = await VerifyCommandTests.failing.value
        try bundle.write(to: URL(fileURLWithPath: runs.path("failing.tar")))
        let junit = try #require(TarArchive.entries(of: bundle)?.first { $0.name == "junit.xml" }?.data)
        try junit.write(to: URL(fileURLWithPath: runs.path("failing.xml")))

        let fromXML = await Tool.run(["diff", runs.path("failing.xml"), runs.path("failing.xml")])
        let fromBundle = await Tool.run(["diff", runs.path("failing.tar"), runs.path("failing.xml")])
        #expect(fromBundle.status == 0)
        #expect(fromBundle.out.contains("0 newly failing, 0 newly passing, 0 added, 0 removed; no regressions"), "\(fromBundle.out)")
        #expect(
            fromBundle.out == fromXML.out.replacingOccurrences(of: runs.path("failing.xml") + ":", with: runs.path("failing.tar") + ":"), "\(fromBundle.out)")
        // What a new bundle keeps as its baseline.xml is the junit.xml, which verify reads as JUnit.
        let baseline = try GatingOptions.readReport(runs.path("failing.tar"), option: "--baseline")
        #expect(baseline.bytes == junit)
        #expect(baseline.verdicts == CaseVerdicts(junit: try JUnitMerger.parse(junit)))

        let rerun = await Tool.run(["run", "--only", "SL-LOGIN-1", "--reports", runs.path("rerun"), "--rerun", runs.path("failing.tar")])
        #expect(rerun.status == 0, "\(rerun.out)\(rerun.err)")
        #expect(rerun.out.contains("in \(runs.path("failing.tar")); keeping "), "\(rerun.out)")

        var tar = TarArchive(modified: Date())
        try tar.add("manifest.json", Data("{}".utf8))
        try tar.data.write(to: URL(fileURLWithPath: runs.path("other.tar")))
        let refused = await Tool.run(["diff", runs.path("other.tar"), runs.path("failing.xml")])
        #expect(refused.status == 66)
        #expect(refused.err.contains("other.tar: a tar archive without junit.xml, so no evidence bundle"), "\(refused.err)")
    }

    @Test("the report of an interrupted run: its cases not run run again, with no failed attempt in their history", arguments: [false, true])
    func rerunsInterrupted(olderForm: Bool) async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        #expect(await runs.run("before", flawed: false).status == 0)
        // As an interrupted run writes it (or, from reports before 0.1.0, as a <skipped>): every case but the first not run.
        var report = try JUnitMerger.parse(Data(contentsOf: URL(fileURLWithPath: runs.path("before/junit.xml"))))
        var first = true
        for suite in report.suites.indices {
            for index in report.suites[suite].cases.indices where report.suites[suite].cases[index].result == .passed {
                if first {
                    first = false
                    continue
                }
                let message = JUnitReport.notRunPrefix + "the run was interrupted before this test case finished"
                report.suites[suite].cases[index].result =
                    olderForm ? .skipped(message: message) : .error(message: message, type: JUnitReport.notRunType, body: message)
            }
        }
        try report.render().write(to: URL(fileURLWithPath: runs.path("interrupted.xml")))
        let rerun = await runs.run("after", flawed: false, ["--rerun", runs.path("interrupted.xml")])
        #expect(rerun.status == 0, "\(rerun.out)\(rerun.err)")
        #expect(!rerun.out.contains("FLAKY") && !rerun.out.contains("attempt 1"), "\(rerun.out)")
    }

    @Test("a case not judged there runs again with no attempt of its own, and the console says how many were not judged")
    func rerunsNotJudged() async throws {
        let runs = try BaselineRuns()
        defer { runs.remove() }
        // skipsCheckOnResume fails SL-LOGIN-7 while suspended, which blocks SL-NOTIFY-1's "the user changes while suspended".
        let words = ["run", "--only", "SL-LOGIN-7", "--only", "SL-NOTIFY-1"]
        let before = await Tool.run(words + ["--reference-flaw", "skipsCheckOnResume", "--reports", runs.path("before")])
        #expect(before.status == 1)
        let junit = try String(contentsOfFile: runs.path("before/junit.xml"), encoding: .utf8)
        let notJudged = junit.components(separatedBy: #"type="notJudged""#).count - 1
        #expect(notJudged == 1, "\(junit)")
        let rerun = await Tool.run(words + ["--rerun", runs.path("before/junit.xml"), "--accept-flaky", "--reports", runs.path("after")])
        #expect(rerun.status == 0, "\(rerun.out)\(rerun.err)")
        #expect(rerun.out.contains("that did not pass in \(runs.path("before/junit.xml")) (1 of them not judged there: "), "\(rerun.out)")
        // The blocker's own case was flaky; the blocked one simply passed.
        #expect(rerun.out.contains("FLAKY  SL-LOGIN-7 / while suspended"), "\(rerun.out)")
        #expect(!rerun.out.contains("FLAKY  SL-NOTIFY-1"), "\(rerun.out)")
    }
}
