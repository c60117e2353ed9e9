/// A failed check or an error, with its evidence.
public struct Finding: Hashable, Sendable {
    /// Whether the app violated the requirement (a failure) or the adapter or harness broke (an error).
    public var isError: Bool
    /// What it is about, e.g. `expectation.noDataOf`, `adapter.timeout` (its description).
    public var type: IssueKind
    /// One line saying what went wrong.
    public var message: String
    /// The step after which it was found, from 1, or nil for the scenario's final checks.
    public var step: Int?
    /// The step's action, e.g. `globalSignOut`, when known.
    public var stepAction: String?
    /// Where the check is written in the spec, e.g. `embedded:single-login.json:120:9`.
    public var location: String?
    /// What was expected.
    public var expected: String
    /// What was observed.
    public var observed: String
}
