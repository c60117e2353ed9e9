/// One requirement of the spec, run against the app: its scenarios, their findings and evidence.
public struct RequirementCheck: Hashable, Sendable {
    /// Its ID, e.g. `SL-LOGOUT-1`.
    public var id: String
    /// `MUST` or `SHOULD`.
    public var level: String
    /// What it requires, in one sentence.
    public var title: String
    /// Where it is written in the spec.
    public var location: String?
    /// The worst of its scenarios': errored, then failed, then skipped, then passed.
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
