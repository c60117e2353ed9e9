import SingleLoginSpec

/// A preflight spec: the static configuration checks an app's files must pass, as data
/// (`specs/single-login-preflight.json`, format v1, see `specs/preflight-format-v1.schema.json`).
public struct PreflightSpec: Hashable, Sendable {
    /// The format version the file declares, e.g. `"1.0"`.
    public var formatVersion = PreflightSpec.supportedFormatVersion
    /// A stable identifier, e.g. `single-login-preflight`.
    public var id: String
    /// The spec's own semantic version.
    public var version: String
    /// A title for people.
    public var title: String
    /// The checks, in file order.
    public var checks: [PreflightCheck]
    /// SHA-256 of the file's bytes, lowercase hex (empty when built in code).
    public var sha256Hex = ""
    /// Where the spec was read from, when it was read from a file.
    public var source: SourceLocation?

    /// The format version this build reads; a file with a newer major version is refused.
    public static let supportedFormatVersion = "1.0"
}
