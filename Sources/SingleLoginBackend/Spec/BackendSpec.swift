import SingleLoginEvents
import SingleLoginSpec

/// The backend profile's catalogue (`specs/backend.json`): cases as data, like the app spec.
public struct BackendSpec: Sendable, Hashable {
    /// The only format major version this build reads.
    public static let supportedFormatVersion = "1.0"

    /// The format version written in the file.
    public var formatVersion: String
    /// The spec's id (JUnit suite name).
    public var id: String
    /// Its version.
    public var version: String
    /// Its title.
    public var title: String
    /// The cases, in file order.
    public var cases: [BackendCase]
    /// SHA-256 of the file's bytes, lowercase hex.
    public var sha256Hex: String
}
