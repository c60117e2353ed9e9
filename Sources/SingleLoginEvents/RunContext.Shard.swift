extension RunContext {
    /// Which part of a split run this is (`run --shard 2/3`): its reports cover this shard's test
    /// cases only, and say so, until `sl-conformance merge` joins the shards.
    public struct Shard: Sendable, Hashable, CustomStringConvertible {
        /// This shard, from 1.
        public var index: Int
        /// How many shards the run is split into.
        public var count: Int

        /// Creates shard `index` of `count`.
        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// Reads `2/3`, as ``fraction`` writes it; nil unless it is `i/n` with 1 <= i <= n.
        public init?(fraction: some StringProtocol) {
            let parts = fraction.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
            self.init(index: index, count: count)
        }

        /// `2/3`, as `--shard` takes it and a JUnit report's `run.shard` property says it.
        public var fraction: String { "\(index)/\(count)" }

        /// `shard 2 of 3`.
        public var description: String { "shard \(index) of \(count)" }
    }
}
