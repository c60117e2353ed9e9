import Foundation

/// The checkout the tests run in.
package enum Repository {
    /// The repository's root, found from this file's path (`Tests/SingleLoginTestSupport/`).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
