import SingleLoginSpec

/// The parts of a requirement that reports show.
public struct RequirementSummary: Hashable, Sendable {
    /// Its ID.
    public var id: String
    /// MUST or SHOULD.
    public var level: Requirement.Level
    /// Its title.
    public var title: String
    /// Its tags.
    public var tags: [String]
    /// Its references.
    public var references: [Reference]

    /// Creates a summary.
    public init(id: String, level: Requirement.Level, title: String, tags: [String], references: [Reference]) {
        self.id = id
        self.level = level
        self.title = title
        self.tags = tags
        self.references = references
    }

    /// The summary of a spec requirement.
    public init(_ requirement: Requirement) {
        self.init(id: requirement.id, level: requirement.level, title: requirement.title, tags: requirement.tags, references: requirement.references)
    }
}
