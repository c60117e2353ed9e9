import SingleLoginSpec

/// A failed check or an error, with its evidence.
public struct Issue: Sendable, Hashable {
    /// A failure (the app's behaviour) or an error (the adapter's or harness's).
    public var severity: Severity
    /// What it is about, e.g. `.expectation(.noDataOf)`, `.adapter(.timeout)`.
    public var kind: Kind
    /// One line saying what went wrong.
    public var message: String
    /// The step after which it was found (0-based), or nil for the scenario's final checks and for
    /// what the reset before the first step found (a data container that still holds files).
    public var stepIndex: Int?
    /// What was expected, for people; empty for errors.
    public var expected: String
    /// What was observed, for people: the offending element or stored item and whose marker it holds.
    public var observed: String
    /// Where the check is written in the spec, if known.
    public var location: SourceLocation?

    /// Creates an issue.
    public init(
        severity: Severity, kind: Kind, message: String, stepIndex: Int? = nil, expected: String = "", observed: String = "", location: SourceLocation? = nil
    ) {
        self.severity = severity
        self.kind = kind
        self.message = message
        self.stepIndex = stepIndex
        self.expected = expected
        self.observed = observed
        self.location = location
    }

    /// The kind as reports spell it (JUnit's and the event stream's `type`).
    public var type: String { kind.rawValue }

    /// Whether the reset before the first step found it: a data container that still holds files.
    package var isFromReset: Bool {
        stepIndex == nil && kind == .containerNotEmptyAfterReset
    }

    /// How an issue weighs on its test case: a failure fails it, an error errors it (the event
    /// stream's `kind`).
    public enum Severity: String, Sendable, Hashable {
        /// The app violated the requirement.
        case failure
        /// The adapter or harness broke.
        case error
    }
}
