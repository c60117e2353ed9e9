import SingleLoginEvents
import SingleLoginSpec
import Testing

@Suite("One rule for a device pass against a simulated run: over the test cases the pass judged")
struct DevicePassComparisonTests {
    typealias Outcome = TestCaseResult.Outcome

    /// One requirement's test cases `a`, `b`, ... with these outcomes.
    static func cases(_ outcomes: [Outcome]) -> [TestCaseResult] {
        let requirement = RequirementSummary(id: "SL-A-1", level: .must, title: "A", tags: [], references: [])
        return outcomes.enumerated().map { index, outcome in
            TestCaseResult(
                id: TestCaseID(requirementID: requirement.id, scenarioName: String(UnicodeScalar(UInt8(97 + index)))), requirement: requirement,
                outcome: outcome, duration: 0)
        }
    }

    static let blocked = Outcome.notJudged(Blocker(requirementID: "SL-B-1", reason: "failed"))

    @Test(
        "agree, disagree, or not judged on the device",
        arguments: [
            // The same verdicts agree; different ones disagree, either way round.
            ([Outcome.passed, .passed], [Outcome.passed, .passed], DevicePassComparison.agree),
            ([.failed, .passed], [.failed, .passed], .agree),
            ([.passed, .passed], [.failed, .passed], .disagree),
            ([.failed, .passed], [.passed, .passed], .disagree),
            // What the pass skipped, did not run, or found not to apply is left out of both sides.
            ([.passed, .failed], [.passed, .skipped(reason: "not judged on a device: no second user")], .agree),
            ([.passed, .failed], [.passed, .notRun(reason: "procedure 2 was not finished")], .agree),
            ([.failed, .passed], [.skipped(reason: "tester skipped"), .passed], .agree),
            // Nothing judged on the device: not judged, whatever the run said.
            ([.passed], [.skipped(reason: "not judged on a device: needs Jamf Reset")], .notJudgedOnDevice),
            ([.failed], [.notRun(reason: "interrupted")], .notJudgedOnDevice),
            ([.doesNotApply(reason: "x")], [.doesNotApply(reason: "x")], .notJudgedOnDevice),
            // Blocked on the device where the run was not: the blocker's own row says why.
            ([.passed], [blocked], .notJudgedOnDevice),
            // Blocked in both: the same verdict.
            ([blocked], [blocked], .agree),
        ])
    func rule(simulated: [Outcome], device: [Outcome], expected: DevicePassComparison) {
        #expect(DevicePassComparison(simulated: Self.cases(simulated), device: Self.cases(device), gate: .mustAndShould) == expected)
    }

    @Test("the gate applies to both sides: a SHOULD failure warned on both agrees")
    func gate() {
        let requirement = RequirementSummary(id: "SL-S-1", level: .should, title: "S", tags: [], references: [])
        let failed = [TestCaseResult(id: TestCaseID(requirementID: requirement.id, scenarioName: "a"), requirement: requirement, outcome: .failed, duration: 0)]
        #expect(DevicePassComparison(simulated: failed, device: failed, gate: .mustOnly) == .agree)
    }

    @Test("its words are the ones the agreement table and the side-by-side page print")
    func words() {
        #expect([DevicePassComparison.agree, .notJudgedOnDevice, .disagree].map(\.rawValue) == ["agree", "not judged on device", "disagree"])
    }
}
