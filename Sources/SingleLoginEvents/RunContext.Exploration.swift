extension RunContext {
    /// Of an exploration (`explore`): its seed and how many histories it played, which its title
    /// states. `merge` of an exploration's parts adds up their histories, so that the merged report
    /// says how much was played in all, not what the part it keeps played.
    public struct Exploration: Sendable, Hashable {
        /// The seed, as given (`--seed`).
        public var seed: String
        /// The histories played: by this run, or by every part of a merged one.
        public var histories: Int

        /// Creates the facts of an exploration.
        public init(seed: String, histories: Int) {
            self.seed = seed
            self.histories = histories
        }

        /// `Explored histories (seed 1, 2000 runs)`: the title every report of the exploration shows.
        public var title: String { "Explored histories (seed \(seed), \(histories) run\(histories == 1 ? "" : "s"))" }

        /// The exploration of `parts` (each one part's, `explore --shard i/n`) as one: their seed and
        /// the sum of their histories; nil when a part does not say (a report written before this was).
        public static func joined(_ parts: [Exploration?]) -> Exploration? {
            let known = parts.compactMap { $0 }
            guard let first = known.first, known.count == parts.count else { return nil }
            return Exploration(seed: first.seed, histories: known.reduce(0) { $0 + $1.histories })
        }
    }
}
