import SingleLoginEvents

/// Whether the reports `merge` joins are every shard of one split run, each once.
///
/// A merge of shards says it is the whole run (it drops the shard, and its badge and totals are
/// the run's), so a shard left out would pass for a run that never played its test cases, and a
/// shard given twice would count its test cases twice. Reports that name no shard (whole runs,
/// and reports of releases that did not write one) are merged as they are.
public enum ShardCoverage {
    /// Why the inputs are not every shard of one run, each once.
    public enum Gap: Error, Equatable, CustomStringConvertible {
        /// Shards of the run are not among the inputs.
        case missing([RunContext.Shard], given: [Input])
        /// Two inputs are the same shard.
        case repeated(RunContext.Shard, first: String, again: String)
        /// Two inputs are shards of splits into different numbers of shards.
        case differentCounts(Input, Input)
        /// An input names no shard, and another does.
        case wholeAmongShards(path: String, shard: Input)

        /// What is wrong, naming the inputs.
        public var message: String {
            switch self {
            case let .missing(shards, given):
                "\(Self.list(shards.map(\.description))) \(shards.count == 1 ? "is" : "are") missing: "
                    + "merge was given \(Self.list(given.map { "\($0.shard) (\($0.path))" })) only"
            case let .repeated(shard, first, again) where first == again:
                "\(first) is given twice (\(shard))"
            case let .repeated(shard, first, again):
                "\(first) and \(again) are both \(shard)"
            case let .differentCounts(first, other):
                "\(first.path) is \(first.shard) but \(other.path) is \(other.shard): they are shards of different splits"
            case let .wholeAmongShards(path, shard):
                "\(path) names no shard (a whole run's report), but \(shard.path) is \(shard.shard)"
            }
        }

        /// What to do about it.
        public var fix: String {
            switch self {
            case let .missing(_, given):
                "Give merge the report of every shard, 1 to \(given.first?.shard.count ?? 0), each once (run a missing shard's job again if it wrote none)"
            case .repeated:
                "Give each shard's report once: a merge of shards is the whole run, and a shard given twice would count its test cases twice"
            case .differentCounts:
                "Merge the shards of one run, all split with the same --shard i/n count, each once"
            case .wholeAmongShards:
                "Merge either the shards of one run, each once, or whole runs' reports, not both"
            }
        }

        /// The message and the fix, as `merge` prints them.
        public var description: String { "\(message). \(fix)." }

        private static func list(_ items: [String]) -> String {
            items.count <= 2 ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// One input: its path, and the shard it says it is.
    public struct Input: Equatable, Sendable {
        /// The input's path, as given.
        public var path: String
        /// The shard its report or stream names.
        public var shard: RunContext.Shard

        /// Creates an input.
        public init(path: String, shard: RunContext.Shard) {
            self.path = path
            self.shard = shard
        }
    }

    /// Throws unless the inputs that name a shard are every shard of one split run, each once;
    /// inputs that name none are fine only when no input names one.
    public static func check(_ inputs: [(path: String, shard: RunContext.Shard?)]) throws(Gap) {
        let shards = inputs.compactMap { input in input.shard.map { Input(path: input.path, shard: $0) } }
        guard let first = shards.first else { return }
        if let whole = inputs.first(where: { $0.shard == nil }) { throw .wholeAmongShards(path: whole.path, shard: first) }
        if let other = shards.first(where: { $0.shard.count != first.shard.count }) { throw .differentCounts(first, other) }
        var seen: [Int: String] = [:]
        for input in shards {
            if let earlier = seen[input.shard.index] { throw .repeated(input.shard, first: earlier, again: input.path) }
            seen[input.shard.index] = input.path
        }
        let missing = (1...first.shard.count).filter { seen[$0] == nil }.map { RunContext.Shard(index: $0, count: first.shard.count) }
        if !missing.isEmpty { throw .missing(missing, given: shards.sorted { $0.shard.index < $1.shard.index }) }
    }
}
