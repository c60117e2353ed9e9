/// One required behaviour.
public struct Requirement: Hashable, Sendable {
    /// A stable ID such as `SL-LOGIN-1`; never renumbered.
    public var id: String
    /// MUST or SHOULD.
    public var level: Level
    /// A one-line statement of the behaviour.
    public var title: String
    /// Why it is required.
    public var rationale: String
    /// The Microsoft articles it comes from.
    public var references: [Reference]
    /// Tags for selection, e.g. `login`, `logout`.
    public var tags: [String]
    /// One or more scenarios that demonstrate it.
    public var scenarios: [Scenario]
    /// Where the requirement starts in its file.
    public var location: SourceLocation?

    /// Creates a requirement.
    public init(
        id: String, level: Level, title: String, rationale: String, references: [Reference], tags: [String], scenarios: [Scenario],
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.level = level
        self.title = title
        self.rationale = rationale
        self.references = references
        self.tags = tags
        self.scenarios = scenarios
        self.location = location
    }

    /// RFC 2119 levels.
    public enum Level: String, Hashable, Sendable, CaseIterable, Comparable {
        /// Failing it fails the run.
        case must = "MUST"
        /// Failing it fails the run unless the run gates on MUST only, when it warns.
        case should = "SHOULD"

        /// MUST sorts before SHOULD.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs == .must && rhs == .should }
    }
}
