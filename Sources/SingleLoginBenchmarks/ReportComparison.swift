import Foundation

/// Compares two rendered reports line by line and names the first difference.
package enum ReportComparison {
    /// Where two reports first differ.
    package struct Difference: Sendable, Hashable, CustomStringConvertible {
        /// The 1-based line number.
        package var line: Int
        /// The line in the reference report (empty past its end).
        package var expected: String
        /// The line in the other report (empty past its end).
        package var actual: String

        /// `line 12: -<expected> +<actual>`.
        package var description: String { "line \(line): -\(expected.prefix(160)) +\(actual.prefix(160))" }
    }

    /// The first line where `actual` differs from `expected`, or nil when they are byte-for-byte equal.
    package static func firstDifference(_ expected: Data, _ actual: Data) -> Difference? {
        guard expected != actual else { return nil }
        let left = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let right = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : ""
            let r = index < right.count ? String(right[index]) : ""
            if l != r || index >= left.count || index >= right.count { return Difference(line: index + 1, expected: l, actual: r) }
        }
        return Difference(line: max(left.count, right.count), expected: "", actual: "")
    }
}
