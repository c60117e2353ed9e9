import SingleLoginEvents
import SingleLoginSpec

/// A preflight spec: the static configuration checks an app's files must pass, as data
/// (`specs/preflight.json`, format v1, see `specs/preflight-format-v1.schema.json`).
public struct PreflightSpec: Hashable, Sendable {
    /// The format version the file declares, e.g. `"1.0"`.
    public var formatVersion: String
    /// A stable identifier, e.g. `single-login-preflight`.
    public var id: String
    /// The spec's own semantic version.
    public var version: String
    /// A title for people.
    public var title: String
    /// The checks, in file order.
    public var checks: [PreflightCheck]
    /// SHA-256 of the file's bytes, lowercase hex (empty when built in code).
    public var sha256Hex: String
    /// Where the spec was read from, when it was read from a file.
    public var source: SourceLocation?

    /// Creates a spec.
    public init(formatVersion: String = PreflightSpec.supportedFormatVersion, id: String, version: String, title: String, checks: [PreflightCheck], sha256Hex: String = "", source: SourceLocation? = nil) {
        self.formatVersion = formatVersion
        self.id = id
        self.version = version
        self.title = title
        self.checks = checks
        self.sha256Hex = sha256Hex
        self.source = source
    }

    /// The format version this build reads; a file with a newer major version is refused.
    public static let supportedFormatVersion = "1.0"
}

/// One static check, with a stable ID such as `PF-REDIRECT`.
public struct PreflightCheck: Hashable, Sendable {
    /// A stable ID; never renumbered.
    public var id: String
    /// MUST or SHOULD.
    public var level: Requirement.Level
    /// A one-line statement of what must hold.
    public var title: String
    /// Why it is required.
    public var rationale: String
    /// The Microsoft articles it comes from.
    public var references: [Reference]
    /// Tags for selection.
    public var tags: [String]
    /// What the harness evaluates.
    public var rule: PreflightRule
    /// Where the check starts in its file.
    public var location: SourceLocation?

    /// Creates a check.
    public init(id: String, level: Requirement.Level, title: String, rationale: String, references: [Reference], tags: [String] = [], rule: PreflightRule, location: SourceLocation? = nil) {
        self.id = id
        self.level = level
        self.title = title
        self.rationale = rationale
        self.references = references
        self.tags = tags
        self.rule = rule
        self.location = location
    }

    /// The summary reports show.
    public var summary: RequirementSummary {
        RequirementSummary(id: id, level: level, title: title, tags: tags, references: references)
    }
}

/// The rule vocabulary (`"rule": {"kind": ...}` in JSON): each kind names what it reads and what must hold.
public enum PreflightRule: Hashable, Sendable {
    /// `{"kind": "urlSchemeRegistered", "template": "msauth.$(PRODUCT_BUNDLE_IDENTIFIER)"}`: the template,
    /// expanded with the app target's build settings, is one of Info.plist's `CFBundleURLTypes` schemes
    /// (each also expanded), compared case-insensitively as iOS compares schemes.
    case urlSchemeRegistered(template: String)
    /// `{"kind": "arrayContainsAll", "file": "infoPlist", "key": "LSApplicationQueriesSchemes", "values": [...]}`:
    /// the array under `key` holds every value.
    case arrayContainsAll(file: PropertyListKind, key: String, values: [String])
    /// `{"kind": "entitlementContainsOneOf", "key": "keychain-access-groups", "valuesByPlatform": {"iOS": [...], "macOS": [...]}}`:
    /// the entitlement array holds one of the values for the app's platform (any platform's when it is unknown).
    /// `$(AppIdentifierPrefix)` in a value must be present as written, or as a resolved ten-character team prefix.
    case entitlementContainsOneOf(key: String, valuesByPlatform: [String: [String]])
    /// `{"kind": "minimumDependencyVersion", "minimum": "1.1.0", "packages": {"cocoapods": ["MSAL"], "swiftpm": [...]}}`:
    /// the dependency is pinned by `Podfile.lock` or `Package.resolved`, at `minimum` or later.
    case minimumDependencyVersion(minimum: String, packages: [DependencyManager: [String]])
    /// `{"kind": "sourceContains", "pattern": "\\bhandleMSALResponse\\b", "extensions": ["swift", "m"]}`:
    /// a non-comment line of some source file matches the regular expression.
    case sourceContains(pattern: String, extensions: [String])

    /// The kind's name as written in JSON.
    public var kindName: String {
        switch self {
        case .urlSchemeRegistered: "urlSchemeRegistered"
        case .arrayContainsAll: "arrayContainsAll"
        case .entitlementContainsOneOf: "entitlementContainsOneOf"
        case .minimumDependencyVersion: "minimumDependencyVersion"
        case .sourceContains: "sourceContains"
        }
    }

    /// Every kind name, for suggestions.
    public static let kindNames = ["urlSchemeRegistered", "arrayContainsAll", "entitlementContainsOneOf", "minimumDependencyVersion", "sourceContains"]
}

/// Which property list a rule reads.
public enum PropertyListKind: String, Hashable, Sendable, CaseIterable {
    /// The app target's Info.plist.
    case infoPlist
    /// The app target's `.entitlements`.
    case entitlements
}

/// The package managers whose lock files are read.
public enum DependencyManager: String, Hashable, Sendable, CaseIterable, Comparable {
    /// CocoaPods: `Podfile.lock`.
    case cocoapods
    /// Swift Package Manager: `Package.resolved`.
    case swiftpm

    /// Alphabetical.
    public static func < (lhs: DependencyManager, rhs: DependencyManager) -> Bool { lhs.rawValue < rhs.rawValue }
}
