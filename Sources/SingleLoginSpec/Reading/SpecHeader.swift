/// What every spec kind's file starts with: its format version, id, version and title.
public struct SpecHeader: Hashable, Sendable {
    /// The format version the file declares, e.g. `"1.0"`.
    public var formatVersion: String
    /// A stable identifier, e.g. `single-login`.
    public var id: String
    /// The spec's own semantic version.
    public var version: String
    /// A title for people.
    public var title: String
}
