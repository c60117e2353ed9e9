/// Which property list a rule reads.
public enum PropertyListKind: String, Hashable, Sendable, CaseIterable {
    /// The app target's Info.plist.
    case infoPlist
    /// The app target's `.entitlements`.
    case entitlements
}
