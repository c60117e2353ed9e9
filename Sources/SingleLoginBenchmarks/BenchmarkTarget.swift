/// A goal a figure must meet, such as "at most 2x" or "under 0.5 s", and the verdict on a value.
public struct BenchmarkTarget: Sendable, Hashable, Codable {
    /// How the value is compared with the limit.
    public enum Comparison: String, Sendable, Hashable, Codable {
        /// The value may equal the limit (`≤`).
        case atMost
        /// The value must stay strictly under the limit (`<`).
        case below
    }

    /// How the value is compared with the limit.
    public var comparison: Comparison
    /// The limit, in the figure's unit.
    public var limit: Double

    /// Creates a target.
    public init(_ comparison: Comparison, _ limit: Double) {
        self.comparison = comparison
        self.limit = limit
    }

    /// `≤ 2` or `< 0.5`, in the figure's unit.
    public var symbol: String { comparison == .atMost ? "<=" : "<" }

    /// Whether `value` meets the target.
    public func isMet(by value: Double) -> Bool {
        comparison == .atMost ? value <= limit : value < limit
    }

    /// The verdict on `value`: a pass, or a miss with how far over the limit it is.
    public func verdict(for value: Double) -> Verdict {
        if isMet(by: value) { return .pass }
        return .miss(over: value - limit, factor: limit > 0 ? value / limit : .infinity)
    }

    /// The outcome of comparing a figure with its target.
    public enum Verdict: Sendable, Hashable {
        /// The target is met.
        case pass
        /// The target is missed: by `over` units, `factor` times the limit.
        case miss(over: Double, factor: Double)

        /// Whether the target is met.
        public var passed: Bool { self == .pass }
    }
}
