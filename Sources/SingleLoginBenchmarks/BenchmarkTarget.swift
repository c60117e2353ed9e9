/// A goal a figure must meet, such as "at most 2x" or "under 0.5 s", and the verdict on a value.
package struct BenchmarkTarget: Sendable, Hashable, Codable {
    /// How the value is compared with the limit.
    package enum Comparison: String, Sendable, Hashable, Codable {
        /// The value may equal the limit (`≤`).
        case atMost
        /// The value must stay strictly under the limit (`<`).
        case below
    }

    /// How the value is compared with the limit.
    package var comparison: Comparison
    /// The limit, in the figure's unit.
    package var limit: Double

    /// Creates a target.
    package init(_ comparison: Comparison, _ limit: Double) {
        self.comparison = comparison
        self.limit = limit
    }

    /// `≤ 2` or `< 0.5`, in the figure's unit.
    package var symbol: String { comparison == .atMost ? "<=" : "<" }

    /// Whether `value` meets the target.
    package func isMet(by value: Double) -> Bool {
        comparison == .atMost ? value <= limit : value < limit
    }

    /// The verdict on `value`: a pass, or a miss with how far over the limit it is.
    package func verdict(for value: Double) -> Verdict {
        if isMet(by: value) { return .pass }
        return .miss(over: value - limit, factor: limit > 0 ? value / limit : .infinity)
    }

    /// The outcome of comparing a figure with its target.
    package enum Verdict: Sendable, Hashable {
        /// The target is met.
        case pass
        /// The target is missed: by `over` units, `factor` times the limit.
        case miss(over: Double, factor: Double)

        /// Whether the target is met.
        package var passed: Bool { self == .pass }
    }
}
