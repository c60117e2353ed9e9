extension TestCaseResult {
    /// How every report names the requirements with untested cases: `3 requirements not fully tested`.
    public static func notFullyTested(_ count: Int) -> String {
        "\(count) requirement\(count == 1 ? "" : "s") not fully tested"
    }
}

extension TestCaseResult.Outcome {
    /// Why the adapter could not play the case (the capability it did not declare); nil for any
    /// other outcome, a skip by choice included.
    public var untestedReason: String? {
        if case let .untested(reason) = self { reason } else { nil }
    }
}

extension Sequence<TestCaseResult> {
    /// The requirements with an untested test case, each once, in the order of their first such case.
    public var untestedRequirementIDs: [String] {
        var ids: [String] = []
        for result in self where result.outcome.untestedReason != nil && !ids.contains(result.requirement.id) { ids.append(result.requirement.id) }
        return ids
    }
}
