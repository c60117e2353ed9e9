import Foundation

/// The candidate files found by walking a project directory, each list sorted shallowest first.
public struct ProjectDiscovery: Hashable, Sendable {
    /// Directories never entered: build products, dependency checkouts and VCS metadata, whose files
    /// are not the app's own (MSAL's own sources would otherwise satisfy a source check).
    public static let skippedDirectories: Set<String> = [
        ".build", "Pods", "DerivedData", ".git", "node_modules", "Carthage", "SourcePackages", ".swiftpm", "build",
    ]
    /// Extensions collected as sources.
    public static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]

    /// The directory walked.
    public var root: String
    /// `Info.plist` and `*-Info.plist` files.
    public var infoPlists: [String] = []
    /// `*.entitlements` files.
    public var entitlements: [String] = []
    /// `Package.resolved` files (at the root, or inside `.xcodeproj`/`.xcworkspace`).
    public var packageResolved: [String] = []
    /// `Podfile.lock` files.
    public var podfileLocks: [String] = []
    /// `project.pbxproj` files.
    public var pbxprojs: [String] = []
    /// Source files by extension.
    public var sources: [String] = []

    /// Walks `root`; an unreadable or missing directory yields no files (the checks then say so).
    public static func walk(_ root: String) -> ProjectDiscovery {
        var found = ProjectDiscovery(root: root)
        let rootURL = URL(fileURLWithPath: root)
        guard
            let enumerator = FileManager.default.enumerator(
                at: rootURL, includingPropertiesForKeys: [.isDirectoryKey], options: [], errorHandler: { _, _ in true })
        else {
            return found
        }
        while let url = enumerator.nextObject() as? URL {
            let name = url.lastPathComponent
            let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if isDirectory {
                if skippedDirectories.contains(name) { enumerator.skipDescendants() }
                continue
            }
            let path = url.path
            if name == "Info.plist" || name.hasSuffix("-Info.plist") {
                found.infoPlists.append(path)
            } else if name.hasSuffix(".entitlements") {
                found.entitlements.append(path)
            } else if name == "Package.resolved" {
                found.packageResolved.append(path)
            } else if name == "Podfile.lock" {
                found.podfileLocks.append(path)
            } else if name == "project.pbxproj" {
                found.pbxprojs.append(path)
            } else if sourceExtensions.contains(url.pathExtension) {
                found.sources.append(path)
            }
        }
        for keyPath in [\ProjectDiscovery.infoPlists, \.entitlements, \.packageResolved, \.podfileLocks, \.pbxprojs, \.sources] {
            found[keyPath: keyPath].sort(by: shallowestFirst)
        }
        return found
    }

    /// Orders paths by depth, then preferring app files over test and extension files, then by name.
    static func shallowestFirst(_ lhs: String, _ rhs: String) -> Bool {
        let key = { (path: String) in (looksAuxiliary(path) ? 1 : 0, path.split(separator: "/").count, path) }
        return key(lhs) < key(rhs)
    }

    /// Whether a path lies in a test, UI test or extension folder rather than the app's own.
    static func looksAuxiliary(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { component in
            let lower = component.lowercased()
            return lower.hasSuffix("tests") || lower.hasSuffix("test") || lower.hasSuffix("extension") || lower.hasSuffix(".appex") || lower.hasSuffix("widget")
        }
    }
}
