/// A failure or error on the wire.
public struct EncodedIssue: Codable, Hashable, Sendable {
    /// `failure` or `error`.
    public var kind: String
    /// A machine-readable category, e.g. `expectation.noDataOf`.
    public var type: String
    /// One line saying what went wrong.
    public var message: String
    /// The 0-based step after which it was found; absent for final checks.
    public var stepIndex: Int?
    /// What was expected.
    public var expected: String
    /// What was observed.
    public var observed: String
    /// `file:line:column` in the spec, when known.
    public var location: String?
}
