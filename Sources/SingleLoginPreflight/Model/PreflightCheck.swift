import SingleLoginEvents
import SingleLoginSpec

/// One static check, with a stable ID such as `PF-REDIRECT`.
public struct PreflightCheck: Hashable, Sendable {
    /// A stable ID; never renumbered.
    public var id: String
    /// MUST or SHOULD.
    public var level: Requirement.Level
    /// A one-line statement of what must hold.
    public var title: String
    /// Why it is required.
    public var rationale: String
    /// The Microsoft articles it comes from.
    public var references: [Reference]
    /// Tags for selection.
    public var tags: [String] = []
    /// What the harness evaluates.
    public var rule: PreflightRule
    /// Where the check starts in its file.
    public var location: SourceLocation?

    /// The summary reports show.
    public var summary: RequirementSummary {
        RequirementSummary(id: id, level: level, title: title, tags: tags, references: references, location: location)
    }
}
