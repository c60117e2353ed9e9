/// The median, 95th percentile, mean and extremes of a set of timings, in seconds.
///
/// Percentiles use the nearest-rank method on the sorted samples: the p-th percentile is the
/// smallest sample with at least p % of the samples at or below it. The median of an even
/// number of samples is the mean of the two middle ones.
package struct LatencySummary: Sendable, Hashable, Codable {
    /// How many samples were taken.
    package var count: Int
    /// The middle sample, in seconds.
    package var median: Double
    /// The 95th percentile (nearest rank), in seconds.
    package var p95: Double
    /// The arithmetic mean, in seconds.
    package var mean: Double
    /// The fastest sample, in seconds.
    package var minimum: Double
    /// The slowest sample, in seconds.
    package var maximum: Double

    /// Summarises `samples` (seconds); all figures are 0 for no samples.
    package init(samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        guard !sorted.isEmpty else {
            median = 0; p95 = 0; mean = 0; minimum = 0; maximum = 0
            return
        }
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        p95 = Self.percentile(95, ofSorted: sorted)
        mean = sorted.reduce(0, +) / Double(sorted.count)
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
    }

    /// The nearest-rank `percent`-th percentile of already sorted samples (0 for none).
    package static func percentile(_ percent: Double, ofSorted sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
