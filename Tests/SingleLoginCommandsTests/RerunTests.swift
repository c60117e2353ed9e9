import Foundation
import SingleLoginEvents
import SingleLoginReports
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
        #expect(gated.out.contains("Re-running \(failing.count) test case\(failing.count == 1 ? "" : "s") that failed, errored or did not run in \(runs.path("before/junit.xml")); keeping \(passing.count) earlier result"), "\(gated.out)")
        let accepted = await runs.run("accepted", flawed: false, ["--rerun", runs.path("before/junit.xml"), "--accept-flaky"])
        #expect(accepted.status == 0, "\(accepted.out)")
        #expect(accepted.out.contains("FLAKY  SL-LOGOUT-1 / "), "\(accepted.out)")

        let merged = try JUnitMerger.parse(Data(contentsOf: URL(fileURLWithPath: runs.path("accepted/junit.xml"))))
        let cases = Dictionary(uniqueKeysWithValues: merged.suites.flatMap { suite in suite.cases.map { (TestCaseID(requirementID: suite.property("requirement.id") ?? "", scenarioName: $0.name), $0) } })
        let earlier = Dictionary(uniqueKeysWithValues: before.suites.flatMap { suite in suite.cases.map { (TestCaseID(requirementID: suite.property("requirement.id") ?? "", scenarioName: $0.name), $0) } })
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
        #expect(missing.err.contains("nothing.xml: cannot read the report") && missing.err.contains("fix: give '--rerun' the junit.xml"), "\(missing.err)")

        let other = try String(contentsOfFile: runs.path("login/junit.xml"), encoding: .utf8).replacingOccurrences(of: "name=\"spec.id\" value=\"single-login\"", with: "name=\"spec.id\" value=\"another-spec\"")
        try other.write(toFile: runs.path("other.xml"), atomically: true, encoding: .utf8)
        let refused = await runs.run("refused", flawed: false, ["--rerun", runs.path("other.xml")])
        #expect(refused.status == 64)
        #expect(refused.err.contains("a report of spec 'another-spec', not 'single-login'"), "\(refused.err)")
    }
}
