import Foundation

/// Finds the package's built executables (sl-fake-adapter, sl-conformance, ...) for end-to-end tests.
///
/// They are not dependencies of the test targets, but `swift test` builds every target into the
/// same products directory as the test bundle, so a build with another `--scratch-path` finds its
/// own executables, not stale ones; failing that, `<repo>/.build/debug` and `release` are tried.
package enum BuiltProducts {
    /// The products directories to look in, most likely first.
    package static let directories: [URL] = {
        var found: [URL] = []
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let argument = CommandLine.arguments.first(where: { $0.contains(".xctest") }) {
            var url = URL(fileURLWithPath: argument)
            while url.pathComponents.count > 1, url.pathExtension != "xctest" { url.deleteLastPathComponent() }
            candidates.append(url.deletingLastPathComponent())
        }
        candidates += ["debug", "release"].map { Repository.root.appendingPathComponent(".build/\($0)") }
        for candidate in candidates where !found.contains(candidate) { found.append(candidate) }
        return found
    }()

    /// The path of executable `name`, or nil when it has not been built.
    package static func path(_ name: String) -> String? {
        for directory in directories {
            let path = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Why a test that needs `name` cannot run, when it has not been built.
    package static func missing(_ name: String) -> String {
        "\(name) is not built (looked in \(directories.map(\.path).joined(separator: ", "))); run `swift build` first"
    }
}
