/// A finished test case on the wire.
public struct EncodedResult: Codable, Hashable, Sendable {
    /// Which test case.
    public var testCase: EncodedTestCaseID
    /// Its requirement.
    public var requirement: EncodedRequirement
    /// `passed`, `failed`, `errored`, `notJudged`, `skipped`, `notRun` or `doesNotApply`.
    public var outcome: String
    /// Why it was skipped or not run, or what failed of the precondition that kept it from being judged.
    public var reason: String?
    /// The requirement that owns the failed precondition of a test case not judged (absent otherwise).
    public var blockedBy: String?
    /// `true` on a `skipped` case the adapter could not play for want of a capability, which
    /// leaves its requirement not fully tested (absent otherwise, and in streams written before it existed).
    public var untested: Bool?
    /// Wall time in seconds.
    public var duration: Double
    /// Failures and errors, in order.
    public var issues: [EncodedIssue]
    /// Every call the app made, in order.
    public var transcript: [EncodedBrokerCall]
    /// The tail of the adapter's stderr (at most the recorder's cap).
    public var adapterLog: String
    /// The earlier attempts that failed or errored, oldest first, each a result of its own
    /// (absent for a case run once).
    public var attempts: [EncodedResult]?
    /// `true` when the last attempt passed after earlier ones failed (absent otherwise).
    public var flaky: Bool?
}
