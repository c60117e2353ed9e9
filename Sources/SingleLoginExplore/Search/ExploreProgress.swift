/// How far an exploration has got, for a progress line.
public struct ExploreProgress: Sendable {
    /// Histories played.
    public var runs: Int
    /// Seconds since exploring began.
    public var elapsed: Double
    /// How many times a rule judged a step.
    public var judgements: Int
    /// How many rules are judged.
    public var rules: Int

    /// Histories per second so far.
    public var historiesPerSecond: Double { elapsed > 0 ? Double(runs) / elapsed : 0 }
}
