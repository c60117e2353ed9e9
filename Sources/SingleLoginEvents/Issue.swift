import SingleLoginSpec

/// A failed check or an error, with its evidence.
public struct Issue: Sendable, Hashable {
    /// A failure (the app's behaviour) or an error (the adapter's or harness's).
    public var kind: Kind
    /// A machine-readable category, e.g. `expectation.noDataOf`, `adapter.timeout`.
    public var type: String
    /// One line saying what went wrong.
    public var message: String
    /// The step after which it was found (0-based), or nil for the scenario's final checks.
    public var stepIndex: Int?
    /// What was expected, for people; empty for errors.
    public var expected: String
    /// What was observed, for people: the offending element or stored item and whose marker it holds.
    public var observed: String
    /// Where the check is written in the spec, if known.
    public var location: SourceLocation?

    /// Creates an issue.
    public init(kind: Kind, type: String, message: String, stepIndex: Int? = nil, expected: String = "", observed: String = "", location: SourceLocation? = nil) {
        self.kind = kind
        self.type = type
        self.message = message
        self.stepIndex = stepIndex
        self.expected = expected
        self.observed = observed
        self.location = location
    }

    /// The type of a failure that says a scenario never reached its starting point (a step marked
    /// `startingPoint` whose checks failed): reports show such a test case as "precondition unmet".
    public static let preconditionUnmetType = "precondition.unmet"

    /// Failure or error.
    public enum Kind: String, Sendable, Hashable {
        /// The app violated the requirement.
        case failure
        /// The adapter or harness broke.
        case error
    }
}
