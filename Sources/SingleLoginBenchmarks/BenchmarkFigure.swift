import Foundation

/// One measured figure of a benchmark run: a value in a unit, with an optional target.
package struct BenchmarkFigure: Sendable, Hashable, Codable {
    /// The unit a figure is measured in, which also decides how it prints.
    package enum Unit: String, Sendable, Hashable, Codable {
        /// Seconds, printed as µs, ms or s.
        case seconds
        /// A plain factor, printed as `1.84x`.
        case ratio
        /// Things per second, printed as `1234/s`.
        case perSecond
        /// Bytes, printed in MB (10^6 bytes).
        case bytes
        /// A share, 0...1, printed as a percentage.
        case fraction
        /// A count or size without a unit.
        case count
    }

    /// A stable machine name, e.g. `stdio.roundTrip.median`.
    package var key: String
    /// What it measures, for people.
    package var title: String
    /// The value, in ``unit``.
    package var value: Double
    /// The unit of ``value``.
    package var unit: Unit
    /// The goal, if the figure has one.
    package var target: BenchmarkTarget?
    /// A short note: the method, the inputs, or what a miss means.
    package var note: String

    /// Creates a figure.
    package init(key: String, title: String, value: Double, unit: Unit, target: BenchmarkTarget? = nil, note: String = "") {
        self.key = key
        self.title = title
        self.value = value
        self.unit = unit
        self.target = target
        self.note = note
    }

    /// The verdict on the value, or nil without a target.
    package var verdict: BenchmarkTarget.Verdict? { target?.verdict(for: value) }

    /// The value as people read it, e.g. `84.2 µs`, `1.84x`, `312/s`, `153.2 MB`, `12.5 %`.
    package var formattedValue: String { Self.format(value, unit) }

    /// `PASS`, `MISS by 0.12 s (1.24x the target)`, or empty without a target.
    package var formattedVerdict: String {
        switch verdict {
        case nil: return ""
        case .pass?: return "PASS"
        case let .miss(over, factor)?: return "MISS by \(Self.format(over, unit)) (\(String(format: "%.2f", factor))x the target)"
        }
    }

    /// The target as people read it, e.g. `<= 2.00x` or `< 500 ms`.
    package var formattedTarget: String {
        guard let target else { return "" }
        return "\(target.symbol) \(Self.format(target.limit, unit))"
    }

    /// Formats `value` in `unit` for people.
    package static func format(_ value: Double, _ unit: Unit) -> String {
        switch unit {
        case .seconds:
            let magnitude = abs(value)
            if magnitude < 1e-3 { return String(format: "%.1f µs", value * 1e6) }
            if magnitude < 1 { return String(format: "%.1f ms", value * 1e3) }
            return String(format: "%.2f s", value)
        case .ratio: return String(format: "%.2fx", value)
        case .perSecond: return value >= 100 ? String(format: "%.0f/s", value) : String(format: "%.1f/s", value)
        case .bytes: return String(format: "%.1f MB", value / 1e6)
        case .fraction: return String(format: "%.1f %%", value * 100)
        case .count: return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.2f", value)
        }
    }
}
