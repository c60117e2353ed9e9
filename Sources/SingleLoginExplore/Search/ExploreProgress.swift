/// How far an exploration has got, for a progress line.
package struct ExploreProgress: Sendable {
    /// Histories played.
    package var runs: Int
    /// Seconds since exploring began.
    package var elapsed: Double
    /// How many times a rule judged a step.
    package var judgements: Int
    /// How many rules are judged.
    package var rules: Int

    /// Histories per second so far.
    package var historiesPerSecond: Double { elapsed > 0 ? Double(runs) / elapsed : 0 }
}
