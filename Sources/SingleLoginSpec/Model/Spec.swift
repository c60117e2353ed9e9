/// A conformance spec: the required behaviours of a Single Login app, as data.
///
/// Specs are JSON files (format v1, see `specs/spec-format-v1.schema.json`); ``SpecLoader``
/// reads them strictly and reports every problem with its file, line, column and JSON path.
public struct Spec: Hashable, Sendable {
    /// The spec format version the file declares (`"formatVersion"`), e.g. `"1.0"`.
    public var formatVersion: String
    /// A stable identifier, e.g. `single-login`.
    public var id: String
    /// The spec's own semantic version, e.g. `1.2.0`.
    public var version: String
    /// A title for people.
    public var title: String
    /// The simulated users the scenarios refer to by name, in file order.
    public var accounts: [AccountDefinition]
    /// The requirements, in file order.
    public var requirements: [Requirement]
    /// Where the spec was read from, when it was read from a file.
    public var source: SourceLocation?

    /// Creates a spec.
    public init(
        formatVersion: String = Spec.supportedFormatVersion, id: String, version: String, title: String, accounts: [AccountDefinition],
        requirements: [Requirement], source: SourceLocation? = nil
    ) {
        self.formatVersion = formatVersion
        self.id = id
        self.version = version
        self.title = title
        self.accounts = accounts
        self.requirements = requirements
        self.source = source
    }

    /// The format version this build reads; a file with a newer major version is refused.
    public static let supportedFormatVersion = "1.7"

    /// The account defined under `name`, if any.
    public func account(named name: String) -> AccountDefinition? {
        accounts.first { $0.name == name }
    }
}
