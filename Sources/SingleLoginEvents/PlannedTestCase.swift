/// A test case the plan holds, with what reports need to name it.
public struct PlannedTestCase: Sendable {
    /// Its ID.
    public var id: TestCaseID
    /// The requirement it belongs to (without its scenarios' bodies mattering to reports).
    public var requirement: RequirementSummary
    /// Nil to run it; a reason to skip it.
    public var skipReason: String?

    /// Creates a planned test case.
    public init(id: TestCaseID, requirement: RequirementSummary, skipReason: String? = nil) {
        self.id = id
        self.requirement = requirement
        self.skipReason = skipReason
    }
}
