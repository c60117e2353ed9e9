import SingleLoginAdapter

/// The adapter and app on the wire.
public struct EncodedAdapter: Codable, Hashable, Sendable {
    /// The adapter's name.
    public var name: String
    /// The adapter's version.
    public var version: String
    /// The app's name.
    public var appName: String
    /// The app's version.
    public var appVersion: String
    /// The app's bundle identifier.
    public var bundleId: String
    /// The MSAL version the app links.
    public var msalVersion: String
    /// Optional features the adapter supports.
    public var capabilities: [String]
    /// How the app configures MSAL, when it is not MSAL's default: the broker's answers depend on
    /// it, so `verify` replays them with it (absent: the default, `brokerAvailability: auto`).
    public var msalConfiguration: MSALConfiguration? = nil
    /// The device surfaces the app declares it has and has not (protocol 1.6), absent when it declares none.
    public var surfaces: DeclaredSurfaces? = nil
}
