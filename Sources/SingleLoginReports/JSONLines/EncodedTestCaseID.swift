/// `{"requirementID": "SL-LOGIN-1", "scenario": "opens signed in"}`.
public struct EncodedTestCaseID: Codable, Hashable, Sendable {
    /// The requirement's ID.
    public var requirementID: String
    /// The scenario's name.
    public var scenario: String
}
