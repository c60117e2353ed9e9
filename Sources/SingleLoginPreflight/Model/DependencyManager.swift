/// The package managers whose lock files are read.
public enum DependencyManager: String, Hashable, Sendable, CaseIterable, Comparable {
    /// CocoaPods: `Podfile.lock`.
    case cocoapods
    /// Swift Package Manager: `Package.resolved`.
    case swiftpm

    /// Alphabetical.
    public static func < (lhs: DependencyManager, rhs: DependencyManager) -> Bool { lhs.rawValue < rhs.rawValue }
}
