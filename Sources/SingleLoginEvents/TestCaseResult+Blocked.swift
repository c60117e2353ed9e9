extension Sequence<TestCaseResult> {
    /// The requirements every test case of which passed: a case blocked by one of them failed a
    /// precondition its owner's own scenarios never reach (``Blocker/ownerPassedNote``). A case
    /// skipped or left out by a selection is no pass; a shard's results hold only some of a
    /// requirement's cases, so the reports of a shard do not ask.
    public var fullyPassedRequirementIDs: Set<String> {
        var passed: Set<String> = []
        var other: Set<String> = []
        for result in self {
            if result.outcome == .passed { passed.insert(result.requirement.id) } else { other.insert(result.requirement.id) }
        }
        return passed.subtracting(other)
    }
}
