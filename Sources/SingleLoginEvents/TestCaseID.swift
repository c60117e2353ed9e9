/// Names one test case: a scenario of a requirement.
public struct TestCaseID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The requirement's ID, e.g. `SL-LOGIN-1`.
    public var requirementID: String
    /// The scenario's name.
    public var scenarioName: String

    /// Creates an ID.
    public init(requirementID: String, scenarioName: String) {
        self.requirementID = requirementID
        self.scenarioName = scenarioName
    }

    /// `SL-LOGIN-1 / opens signed in`.
    public var description: String { "\(requirementID) / \(scenarioName)" }

    /// Orders by requirement ID, then scenario name.
    public static func < (lhs: TestCaseID, rhs: TestCaseID) -> Bool {
        (lhs.requirementID, lhs.scenarioName) < (rhs.requirementID, rhs.scenarioName)
    }
}
