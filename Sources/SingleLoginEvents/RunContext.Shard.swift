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

        /// `shard 2 of 3`.
        public var description: String { "shard \(index) of \(count)" }
    }
}
