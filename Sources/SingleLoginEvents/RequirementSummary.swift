import SingleLoginAdapter
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
    /// Where it is written in its spec, when known (`embedded:single-login.json:120:5` or a path).
    public var location: SourceLocation?
    /// The device surfaces it is about (`Requirement.deviceSurfaces`): a requirement that looks
    /// for data in these surfaces only, and whose pass means little when the app never reported one.
    public var surfaces: [StoredItem.Area]

    /// Creates a summary.
    public init(
        id: String, level: Requirement.Level, title: String, tags: [String], references: [Reference], location: SourceLocation? = nil,
        surfaces: [StoredItem.Area] = []
    ) {
        self.surfaces = surfaces
        self.id = id
        self.level = level
        self.title = title
        self.tags = tags
        self.references = references
        self.location = location
    }

    /// The summary of a spec requirement.
    public init(_ requirement: Requirement) {
        self.init(
            id: requirement.id, level: requirement.level, title: requirement.title, tags: requirement.tags, references: requirement.references,
            location: requirement.location, surfaces: requirement.deviceSurfaces)
    }
}
