/// A dotted version such as `1.2.14` or `1.1.0-beta.2`, compared numerically component by component.
public struct SemanticVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The numeric components (missing ones count as 0).
    public var components: [Int]
    /// The pre-release label after `-`, if any; a pre-release sorts before its release.
    public var prerelease: String?

    /// Parses `1.2`, `1.2.14`, `v1.2.14`, `1.1.0-beta.2`; nil when there is no leading number.
    public init?(_ text: String) {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("v") || text.hasPrefix("V") { text.removeFirst() }
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let core = parts.first else { return nil }
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !numbers.isEmpty, !numbers.contains(nil) else { return nil }
        components = numbers.compactMap { $0 }
        prerelease = parts.count > 1 ? String(parts[1]) : nil
    }

    /// `1.2.14`.
    public var description: String {
        components.map(String.init).joined(separator: ".") + (prerelease.map { "-\($0)" } ?? "")
    }

    /// Numeric order; `1.1.0-beta` < `1.1.0`.
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        switch (lhs.prerelease, rhs.prerelease) {
        case (nil, _): return false
        case (_?, nil): return true
        case let (left?, right?): return left < right
        }
    }

    /// Equal when the numbers (zero-padded) and pre-release label agree: `1.1` == `1.1.0`.
    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    /// Hashes the numbers without trailing zeros, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
        hasher.combine(prerelease)
    }
}
