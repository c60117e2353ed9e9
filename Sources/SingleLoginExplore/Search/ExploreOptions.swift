import SingleLoginEvents

/// How an exploration is shaped.
package struct ExploreOptions: Sendable {
    /// The seed: the same seed and app give the same histories.
    package var seed: UInt64
    /// How many histories to play at most.
    package var runs: Int
    /// How long to go on playing new histories, if limited (shrinking comes after).
    package var timeBudget: Duration?
    /// The most steps a history has.
    package var maxSteps: Int
    /// How many adapter instances play histories at once.
    package var jobs: Int
    /// The rules judged.
    package var rules: Set<Rule>
    /// How many times the shrunk history is replayed to confirm it violates the rule the same way each time.
    package var confirmations: Int
    /// How many random shorter histories are tried after delta debugging, for a shorter way to break the same rule.
    package var shorterSearch: Int
    /// The part of the seed's histories this exploration plays (`explore --shard i/n`): histories
    /// i, i+n, i+2n, … (numbered from 1), ``runs`` of them; nil plays 1, 2, 3, …. So n shards
    /// play what one exploration of n × ``runs`` histories plays, and the lowest-numbered violation
    /// among them is that exploration's first.
    package var shard: RunContext.Shard?

    /// Creates options.
    package init(
        seed: UInt64 = 1, runs: Int = 1000, timeBudget: Duration? = nil, maxSteps: Int = 12, jobs: Int = 1,
        rules: Set<Rule> = Set(Rule.allCases), confirmations: Int = 5, shorterSearch: Int = 300
    ) {
        self.seed = seed
        self.runs = max(0, runs)
        self.timeBudget = timeBudget
        self.maxSteps = max(1, maxSteps)
        self.jobs = max(1, jobs)
        self.rules = rules
        self.confirmations = max(1, confirmations)
        self.shorterSearch = max(0, shorterSearch)
    }

    /// The seed's history number (0-based) of this exploration's `local`-th history.
    package func history(_ local: Int) -> Int {
        guard let shard else { return local }
        return shard.index - 1 + local * shard.count
    }
}
