/// The run's totals on the wire.
public struct EncodedSummary: Codable, Hashable, Sendable {
    /// Test cases that passed.
    public var passed: Int
    /// MUST test cases that failed.
    public var failedMust: Int
    /// SHOULD test cases that failed.
    public var failedShould: Int
    /// Test cases that errored.
    public var errored: Int
    /// Test cases skipped: by choice, waived, or untested.
    public var skipped: Int
    /// Test cases not run because the run was interrupted.
    public var notRun: Int
    /// Test cases that do not apply to the app as configured (absent when none).
    public var doesNotApply: Int?
    /// MUST test cases not judged because a precondition failed (absent when none).
    public var notJudgedMust: Int?
    /// SHOULD test cases not judged because a precondition failed (absent when none).
    public var notJudgedShould: Int?
    /// Wall time in seconds.
    public var duration: Double
    /// Whether the run was interrupted.
    public var interrupted: Bool
    /// Of `skipped`, the test cases the adapter could not play for want of a capability (absent when none).
    public var untested: Int? = nil
    /// The run's warnings about late calls of the app (protocol 1.6), one sentence each (absent when none).
    public var lateCalls: [String]? = nil
}
