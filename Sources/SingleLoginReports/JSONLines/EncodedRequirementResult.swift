/// How a requirement fared, on the wire.
public struct EncodedRequirementResult: Codable, Hashable, Sendable {
    /// `passed`, `failed`, `errored`, `notJudged`, `skipped`, `notRun` or `doesNotApply`: errored if any test case errored, else failed if any failed, and so on.
    public var outcome: String
    /// The outcome under the run's gate: `passed`, `failed`, `warned` (a failure that does not gate), `errored`,
    /// `notJudged`, `skipped`, `notRun` or `doesNotApply` (absent in streams written before it existed).
    public var verdict: String?
    /// Why it was skipped or not run, or what failed of the precondition that kept it from being judged.
    public var reason: String?
    /// The requirement that owns the failed precondition of a requirement not judged (absent otherwise).
    public var blockedBy: String?
    /// `true` on a `skipped` requirement some of whose test cases the adapter could not play
    /// (absent otherwise, and in streams written before it existed).
    public var untested: Bool?
    /// The sum of its test cases' durations, in seconds.
    public var duration: Double
}
