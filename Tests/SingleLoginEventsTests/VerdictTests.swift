import SingleLoginEvents
import SingleLoginSpec
import Testing

@Suite("One verdict: a test case's outcome under the gate, a requirement's the worst of its test cases'")
struct VerdictTests {
    static let must = RequirementSummary(id: "SL-A-1", level: .must, title: "A", tags: [], references: [])
    static let should = RequirementSummary(id: "SL-B-1", level: .should, title: "B", tags: [], references: [])

    static func result(_ requirement: RequirementSummary, _ outcome: TestCaseResult.Outcome, _ name: String = "s", duration: Double = 1) -> TestCaseResult {
        TestCaseResult(id: TestCaseID(requirementID: requirement.id, scenarioName: name), requirement: requirement, outcome: outcome, duration: duration)
    }

    @Test(
        "a SHOULD failure warns only under a MUST-only gate; a MUST failure always fails",
        arguments: [
            (Requirement.Level.must, Gate.mustAndShould, Verdict.failed), (.must, .mustOnly, .failed),
            (.should, .mustAndShould, .failed), (.should, .mustOnly, .warned),
        ])
    func gate(level: Requirement.Level, gate: Gate, expected: Verdict) {
        #expect(Verdict(.failed, level: level, gate: gate) == expected)
        #expect(Verdict(.failed, level: level, gate: gate).outcome == .failed)
    }

    @Test("the worst wins: errored, failed, warned, not run, waived, passed, skipped")
    func order() {
        let waived = TestCaseResult.Outcome.waived(WaivedFailure(reason: "known", link: "https://example.com/1", expires: "2026-12-31"))
        let ladder: [TestCaseResult.Outcome] = [.skipped(reason: "by choice"), .passed, waived, .notRun(reason: "interrupted"), .failed, .errored]
        for (index, worst) in ladder.enumerated() {
            let results = ladder.prefix(index + 1).reversed().map { Self.result(Self.must, $0) }
            #expect(Verdict(aggregating: results, gate: .mustAndShould) == Verdict(worst, level: .must, gate: .mustAndShould))
        }
        let warnedOverNotRun = [Self.result(Self.should, .notRun(reason: "x")), Self.result(Self.should, .failed)]
        #expect(Verdict(aggregating: warnedOverNotRun, gate: .mustOnly) == .warned)
        let failedOverWarned = [Self.result(Self.should, .failed), Self.result(Self.must, .failed)]
        #expect(Verdict(aggregating: failedOverWarned, gate: .mustOnly) == .failed)
    }

    @Test("a requirement with a waived failure is waived, even when its other test cases passed")
    func waivedOverPassed() {
        let failure = WaivedFailure(reason: "known", link: "https://example.com/1", expires: "2026-12-31")
        let results = [Self.result(Self.must, .passed, "a"), Self.result(Self.must, .waived(failure), "b"), Self.result(Self.must, .passed, "c")]
        #expect(Verdict(aggregating: results, gate: .mustAndShould) == .waived(failure))
        #expect(Verdict(aggregating: results, gate: .mustAndShould).reason == failure.description)
    }

    @Test("a skip keeps the first reason, and no test cases at all is a skip")
    func reasons() {
        let skips = [Self.result(Self.must, .skipped(reason: "first")), Self.result(Self.must, .skipped(reason: "second"))]
        #expect(Verdict(aggregating: skips, gate: .mustAndShould) == .skipped(reason: "first"))
        #expect(Verdict(aggregating: [], gate: .mustAndShould).reason == "no test cases")
    }

    @Test("a requirement result sums durations and carries the verdict")
    func requirementResult() {
        let result = RequirementResult(
            requirement: Self.should, results: [Self.result(Self.should, .passed, "a", duration: 0.25), Self.result(Self.should, .failed, "b", duration: 0.5)],
            gate: .mustOnly)
        #expect(result.verdict == .warned)
        #expect(result.duration == 0.75)
    }

    @Test("the exit status applies the same gate to the totals")
    func exitStatus() {
        let shouldOnly = RunSummary(passed: 3, failedShould: 1)
        #expect(ExitStatus(summary: shouldOnly, gate: .mustOnly) == .passed)
        #expect(ExitStatus(summary: shouldOnly, gate: .mustAndShould) == .requirementFailures)
        #expect(shouldOnly.warnings(under: .mustOnly) == 1 && shouldOnly.failures(under: .mustOnly) == 0)
        #expect(ExitStatus(summary: RunSummary(failedMust: 1), gate: .mustOnly) == .requirementFailures)
        #expect(ExitStatus(summary: RunSummary(passed: 1, notRun: 1), gate: .mustOnly) == .adapterOrHarnessError)
    }
}
