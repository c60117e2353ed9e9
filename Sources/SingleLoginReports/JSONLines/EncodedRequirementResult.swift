/// How a requirement fared, on the wire.
public struct EncodedRequirementResult: Codable, Hashable, Sendable {
    /// `passed`, `failed`, `errored`, `skipped` or `notRun`: errored if any test case errored, else failed if any failed, and so on.
    public var outcome: String
    /// The outcome under the run's gate: `passed`, `failed`, `warned` (a failure that does not gate), `errored`,
    /// `skipped` or `notRun` (absent in streams written before it existed).
    public var verdict: String?
    /// Why it was skipped or not run.
    public var reason: String?
    /// The sum of its test cases' durations, in seconds.
    public var duration: Double
}
