import Foundation

/// Reads the test fixtures copied into the test bundle.
enum FixtureFiles {
    /// The `Fixtures` folder in the bundle.
    static var root: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    /// The names of the `.json` files in `Fixtures/<folder>`, sorted.
    static func names(in folder: String) -> [String] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The bytes of `Fixtures/<folder>/<name>`.
    static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name)))
    }
}
