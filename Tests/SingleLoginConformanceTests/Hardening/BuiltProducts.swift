import Foundation

/// Finds the package's built executables (sl-fake-adapter, sl-conformance, ...) for end-to-end tests.
///
/// They are not dependencies of the test target, but `swift test` builds every target into the
/// same products directory as the test bundle; failing that, `<repo>/.build/debug` is tried.
enum BuiltProducts {
    /// The products directories to look in, most likely first.
    static let directories: [URL] = {
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
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(repository.appendingPathComponent(".build/debug"))
        for candidate in candidates where !found.contains(candidate) { found.append(candidate) }
        return found
    }()

    /// The path of executable `name`, or nil when it has not been built.
    static func path(_ name: String) -> String? {
        for directory in directories {
            let path = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Why a test that needs `name` cannot run, when it has not been built.
    static func missing(_ name: String) -> String {
        "\(name) is not built (looked in \(directories.map(\.path).joined(separator: ", "))); run `swift build` first"
    }
}

/// A temporary directory removed when the value goes away.
final class TemporaryDirectory: Sendable {
    /// Its location.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sl-hardening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside it.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
