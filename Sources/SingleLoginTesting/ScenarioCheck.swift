/// One scenario of a requirement, run against the app.
public struct ScenarioCheck: Hashable, Sendable {
    /// The scenario's name.
    public var name: String
    /// How it fared.
    public var outcome: CheckOutcome
    /// Its failed checks and errors, in the order they were found.
    public var findings: [Finding]
    /// Every broker and backend call the app made, one line each (`#1 getCurrentAccount() -> account: alice, previous: nil`).
    public var transcript: [String]
    /// How long it took, in seconds.
    public var duration: Double
    /// The evidence as the console prints it (step, spec location, expected/observed diff, transcript); empty when it passed.
    public var evidence: String

    /// Whether it passed.
    public var passed: Bool { outcome == .passed }
}
