import Foundation

/// A temporary directory removed when the value goes away.
package final class TemporaryDirectory: Sendable {
    /// Its location.
    package let url: URL

    /// Creates an empty directory under the system's temporary directory.
    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sl-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside it.
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
