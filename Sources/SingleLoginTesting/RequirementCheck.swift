/// One requirement of the spec, run against the app: its scenarios, their findings and evidence.
public struct RequirementCheck: Hashable, Sendable {
    /// Its ID, e.g. `SL-LOGOUT-1`.
    public var id: String
    /// `MUST` or `SHOULD`; nil for an ID the spec does not have.
    public var level: RequirementLevel?
    /// What it requires, in one sentence.
    public var title: String
    /// Where it is written in the spec.
    public var location: String?
    /// Its verdict, the worst of its scenarios' as every report orders them: errored, failed, not
    /// judged, not run, passed, skipped (so a requirement with a passed and a skipped scenario passed).
    public var outcome: CheckOutcome
    /// Its scenarios, in spec order.
    public var scenarios: [ScenarioCheck]

    /// Whether it passed.
    public var passed: Bool { outcome == .passed }

    /// The evidence of every scenario that did not pass, as the console prints it.
    public var evidence: String {
        scenarios.filter { !$0.passed }.map(\.evidence).joined(separator: "\n")
    }
}
