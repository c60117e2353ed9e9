/// One dependency pinned by a lock file.
public struct ResolvedDependency: Hashable, Sendable {
    /// The package manager: `swiftpm` or `cocoapods`.
    public var manager: String
    /// The name as the lock file gives it: a SwiftPM identity or package name, or a pod name.
    public var name: String
    /// The repository address, for SwiftPM pins.
    public var location: String?
    /// The pinned version text, or nil when pinned to a branch or revision only.
    public var version: String?
    /// The branch or revision, when there is no version.
    public var revisionOrBranch: String?
    /// The lock file it came from.
    public var path: String

    /// Whether this is the named package: its name, identity, or repository's last path component
    /// (without `.git`), compared case-insensitively.
    public func matches(_ packageName: String) -> Bool {
        let wanted = packageName.lowercased()
        if name.lowercased() == wanted { return true }
        guard let location else { return false }
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased() == wanted
    }

    /// `MSAL 1.2.14 (Podfile.lock)`.
    public var summary: String {
        "\(name) \(version ?? revisionOrBranch.map { "at \($0)" } ?? "(no version)")"
    }
}
