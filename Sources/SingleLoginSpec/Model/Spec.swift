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
    public init(formatVersion: String = Spec.supportedFormatVersion, id: String, version: String, title: String, accounts: [AccountDefinition], requirements: [Requirement], source: SourceLocation? = nil) {
        self.formatVersion = formatVersion
        self.id = id
        self.version = version
        self.title = title
        self.accounts = accounts
        self.requirements = requirements
        self.source = source
    }

    /// The format version this build reads; a file with a newer major version is refused.
    public static let supportedFormatVersion = "1.0"

    /// The account defined under `name`, if any.
    public func account(named name: String) -> AccountDefinition? {
        accounts.first { $0.name == name }
    }
}

/// A simulated user. Every value is distinctive so that leftovers can be found by scanning.
public struct AccountDefinition: Hashable, Sendable {
    /// The name scenarios use, e.g. `alice`.
    public var name: String
    /// The sign-in name, e.g. `alice.adams@contoso.example`.
    public var username: String
    /// The display name, e.g. `Alice Adams`.
    public var displayName: String
    /// The object id; generated from the name when the spec leaves it out.
    public var objectId: String?
    /// The tenant id; generated when the spec leaves it out.
    public var tenantId: String?

    /// Creates an account definition.
    public init(name: String, username: String, displayName: String, objectId: String? = nil, tenantId: String? = nil) {
        self.name = name
        self.username = username
        self.displayName = displayName
        self.objectId = objectId
        self.tenantId = tenantId
    }
}

/// One required behaviour.
public struct Requirement: Hashable, Sendable {
    /// A stable ID such as `SL-LOGIN-1`; never renumbered.
    public var id: String
    /// MUST or SHOULD.
    public var level: Level
    /// A one-line statement of the behaviour.
    public var title: String
    /// Why it is required.
    public var rationale: String
    /// The Microsoft articles it comes from.
    public var references: [Reference]
    /// Tags for selection, e.g. `login`, `logout`.
    public var tags: [String]
    /// One or more scenarios that demonstrate it.
    public var scenarios: [Scenario]
    /// Where the requirement starts in its file.
    public var location: SourceLocation?

    /// Creates a requirement.
    public init(id: String, level: Level, title: String, rationale: String, references: [Reference], tags: [String], scenarios: [Scenario], location: SourceLocation? = nil) {
        self.id = id
        self.level = level
        self.title = title
        self.rationale = rationale
        self.references = references
        self.tags = tags
        self.scenarios = scenarios
        self.location = location
    }

    /// RFC 2119 levels.
    public enum Level: String, Hashable, Sendable, CaseIterable, Comparable {
        /// Failing it fails the run.
        case must = "MUST"
        /// Failing it fails the run unless the run gates on MUST only, when it warns.
        case should = "SHOULD"

        /// MUST sorts before SHOULD.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs == .must && rhs == .should }
    }
}

/// A cited document.
public struct Reference: Hashable, Sendable {
    /// The article's title.
    public var title: String
    /// Its address.
    public var url: String

    /// Creates a reference.
    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}

/// A position in a spec file, 1-based.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }
}
