/// A planned test case on the wire.
public struct EncodedPlannedTestCase: Codable, Hashable, Sendable {
    /// Which test case.
    public var testCase: EncodedTestCaseID
    /// Its requirement.
    public var requirement: EncodedRequirement
    /// Why it will be skipped, or absent to run it.
    public var skipReason: String?
}
