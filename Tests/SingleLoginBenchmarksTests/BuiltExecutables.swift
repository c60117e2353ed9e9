import Foundation

/// The package's built executables (`swift test` builds them all), for benchmark tests that run them.
enum BuiltExecutables {
    /// The repository's root, found from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Executable `name`, looked for next to the running test bundle first, then in `.build`.
    static func url(_ name: String) -> URL? {
        var candidates: [URL] = []
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(directory.appendingPathComponent(name))
            directory.deleteLastPathComponent()
        }
        let build = repositoryRoot.appendingPathComponent(".build")
        candidates += ["debug", "release"].map { build.appendingPathComponent($0).appendingPathComponent(name) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
