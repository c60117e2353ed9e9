import SeededRandom

/// Explore's random numbers: a ``SplitMix64`` (the same seed gives the same numbers on every
/// machine and every run, which is what makes `--seed` reproducible), with the draws histories use.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var bits: SplitMix64

    /// Creates a generator from a seed.
    package init(seed: UInt64) { bits = SplitMix64(seed: seed) }

    /// The generator for history `index` of a run with `seed`: independent of how many histories
    /// ran before it and on which job.
    package init(seed: UInt64, index: Int) {
        var mixer = SeededGenerator(seed: seed)
        var indexed = SeededGenerator(seed: mixer.next() ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        self.init(seed: indexed.next())
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 { bits.next() }

    /// True with probability `chance` (0...1).
    package mutating func chance(_ chance: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < chance
    }

    /// One of `choices`, each as likely as its weight; nil when every weight is zero.
    package mutating func weighted<Value>(_ choices: [(Value, Int)]) -> Value? {
        let total = choices.reduce(0) { $0 + max(0, $1.1) }
        guard total > 0 else { return nil }
        var pick = Int(next() % UInt64(total))
        for (value, weight) in choices where weight > 0 {
            if pick < weight { return value }
            pick -= weight
        }
        return nil
    }
}
