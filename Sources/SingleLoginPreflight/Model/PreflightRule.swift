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
    /// `{"kind": "sourceLacks", "pattern": "\\bMSALBrokeredAvailabilityNone\\b", "extensions": ["swift", "m"]}`:
    /// no non-comment line of any source file matches the regular expression outside string literals (each
    /// match is evidence, with its file and line).
    case sourceLacks(pattern: String, extensions: [String])

    /// The kind's name as written in JSON.
    public var kindName: String {
        switch self {
        case .urlSchemeRegistered: "urlSchemeRegistered"
        case .arrayContainsAll: "arrayContainsAll"
        case .entitlementContainsOneOf: "entitlementContainsOneOf"
        case .minimumDependencyVersion: "minimumDependencyVersion"
        case .sourceContains: "sourceContains"
        case .sourceLacks: "sourceLacks"
        }
    }

    /// Every kind name, for suggestions.
    public static let kindNames = [
        "urlSchemeRegistered", "arrayContainsAll", "entitlementContainsOneOf", "minimumDependencyVersion", "sourceContains", "sourceLacks",
    ]
}
