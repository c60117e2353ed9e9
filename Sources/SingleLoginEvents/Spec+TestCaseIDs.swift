import SingleLoginSpec

extension Spec {
    /// The ID of each test case (a scenario of a requirement) whose scenario `isIncluded`, in the
    /// spec's order; every one by default.
    public func testCaseIDs(where isIncluded: (Scenario) -> Bool = { _ in true }) -> [TestCaseID] {
        requirements.flatMap { requirement in
            requirement.scenarios.filter(isIncluded).map { TestCaseID(requirementID: requirement.id, scenarioName: $0.name) }
        }
    }
}
