/// How one requirement fared: its test cases taken together, under the run's gate.
///
/// The runner and preflight send it with `requirementEnded`; recorders show its verdict.
public struct RequirementResult: Sendable, Hashable {
    /// The requirement.
    public var requirement: RequirementSummary
    /// The worst of its test cases' verdicts (see ``Verdict``).
    public var verdict: Verdict
    /// The sum of its test cases' durations, in seconds.
    public var duration: Double

    /// Creates a result.
    public init(requirement: RequirementSummary, verdict: Verdict, duration: Double) {
        self.requirement = requirement
        self.verdict = verdict
        self.duration = duration
    }

    /// Aggregates the results of one requirement's test cases under `gate`.
    public init(requirement: RequirementSummary, results: [TestCaseResult], gate: Gate) {
        self.init(requirement: requirement, verdict: Verdict(aggregating: results, gate: gate), duration: results.reduce(0) { $0 + $1.duration })
    }
}
