import SingleLoginEvents
import SingleLoginSpec

/// One case: what the backend must do with one kind of forged (or valid) token.
public struct BackendCase: Sendable, Hashable {
    /// Its ID, e.g. `BE-SIG-1`.
    public var id: String
    /// MUST or SHOULD.
    public var level: Requirement.Level
    /// One sentence.
    public var title: String
    /// Why it matters.
    public var rationale: String
    /// Microsoft and OpenID documents.
    public var references: [Reference]
    /// Tags for `--only` and `--skip`.
    public var tags: [String]
    /// The tenant modes it applies to; in the others it is skipped as not applicable.
    public var modes: Set<TenantMode>
    /// The harness's built-in probe that sends its tokens.
    public var probe: BackendProbe
    /// What every token of the probe under test must get.
    public var expect: BackendExpectation
    /// What the case forges, for people.
    public var forges: String
    /// The time each request has, if shorter or longer than the run's request timeout.
    public var timeLimit: Duration?
    /// Where it is written.
    public var location: SourceLocation

    /// The summary reports show.
    public var summary: RequirementSummary {
        RequirementSummary(id: id, level: level, title: title, tags: tags, references: references)
    }
}
