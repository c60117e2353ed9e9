import SingleLoginEvents
import SingleLoginSpec

/// Which test cases a run includes, skips or leaves to other shards.
public struct RunSelection: Sendable {
    /// Only requirements whose ID or a tag is listed (empty: all).
    public var only: [String]
    /// Requirements whose ID or a tag is listed are skipped.
    public var skip: [String]
    /// This run's shard (`index` from 1 to `count`), if the test cases are split between several runs.
    public var shard: RunContext.Shard?

    /// Creates a selection.
    public init(only: [String] = [], skip: [String] = [], shard: RunContext.Shard? = nil) {
        self.only = only
        self.skip = skip
        self.shard = shard
    }

    /// Names in `only` and `skip` that match no requirement ID and no tag of `spec`.
    public func unknownNames(in spec: Spec) -> [String] {
        let known = Set(spec.requirements.flatMap { [$0.id] + $0.tags })
        return (only + skip).filter { !known.contains($0) }
    }

    /// Whether `only` and `skip` leave no test case of `spec` to run, in any shard: a run that
    /// could only pass with nothing verified.
    public func selectsNothing(in spec: Spec) -> Bool {
        RunSelection(only: only, skip: skip).plan(for: spec).allSatisfy { $0.0.skipReason != nil }
    }

    /// The plan: this shard's test cases in spec order, each to run or skipped with a reason.
    ///
    /// Sharding is by test case, sorted by requirement ID then scenario name, dealt round-robin,
    /// so every shard's share is fixed by the spec alone.
    public func plan(for spec: Spec) -> [(PlannedTestCase, Scenario)] {
        var cases: [(PlannedTestCase, Scenario)] = []
        for requirement in spec.requirements {
            let names = Set([requirement.id] + requirement.tags)
            var reason: String?
            if !only.isEmpty, names.isDisjoint(with: only) { reason = "not selected (only: \(only.joined(separator: ", ")))" }
            if let matched = skip.first(where: names.contains) { reason = "skipped (skip: \(matched))" }
            for scenario in requirement.scenarios {
                let id = TestCaseID(requirementID: requirement.id, scenarioName: scenario.name)
                cases.append((PlannedTestCase(id: id, requirement: RequirementSummary(requirement), skipReason: reason), scenario))
            }
        }
        guard let shard else { return cases }
        let sorted = cases.map(\.0.id).sorted()
        let mine = Set(sorted.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element))
        return cases.filter { mine.contains($0.0.id) }
    }
}
