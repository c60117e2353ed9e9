/// How one requirement fared: its test cases taken together.
public struct RequirementResult: Sendable, Hashable {
    /// The requirement.
    public var requirement: RequirementSummary
    /// Errored if any test case errored, else failed if any failed, else not run if any was not run,
    /// else passed if any passed, else skipped (with the first reason).
    public var outcome: TestCaseResult.Outcome
    /// The sum of its test cases' durations, in seconds.
    public var duration: Double

    /// Creates a result.
    public init(requirement: RequirementSummary, outcome: TestCaseResult.Outcome, duration: Double) {
        self.requirement = requirement
        self.outcome = outcome
        self.duration = duration
    }

    /// Aggregates the results of one requirement's test cases.
    public init(requirement: RequirementSummary, results: [TestCaseResult]) {
        let outcomes = results.map(\.outcome)
        let outcome: TestCaseResult.Outcome
        if outcomes.contains(.errored) { outcome = .errored }
        else if outcomes.contains(.failed) { outcome = .failed }
        else if let notRun = outcomes.first(where: { if case .notRun = $0 { return true } else { return false } }) { outcome = notRun }
        else if outcomes.contains(.passed) { outcome = .passed }
        else { outcome = outcomes.first ?? .skipped(reason: "no test cases") }
        self.init(requirement: requirement, outcome: outcome, duration: results.reduce(0) { $0 + $1.duration })
    }
}
