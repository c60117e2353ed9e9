/// Who an adapter is, as announced in the handshake and printed in every report.
public struct AdapterIdentity: Hashable, Codable, Sendable {
    /// The adapter's name.
    public var adapterName: String
    /// The adapter's version.
    public var adapterVersion: String
    /// The app's name.
    public var appName: String
    /// The app's version.
    public var appVersion: String
    /// The app's bundle identifier.
    public var bundleId: String
    /// The MSAL version the app links.
    public var msalVersion: String
    /// Optional features the adapter supports (see the wire protocol document).
    public var capabilities: [String]
    /// How the app configures MSAL: whether MSAL may use the broker (MSAL's default, `auto`, when not said).
    public var msalConfiguration: MSALConfiguration
    /// Whether the adapter declared `capability`.
    public func declares(_ capability: WireProtocol.Capability) -> Bool { capabilities.contains(capability.rawValue) }
    /// The directory that holds the app's data container (its `Documents`, `Library`, `tmp`), when
    /// the harness can read it: the harness then walks it after every step and scans what it finds
    /// beside `Observation.storage` (protocol 1.3's `dataContainer`). Nil: only what the adapter reports.
    public var dataContainer: String?
    /// The device surfaces the app declares it has and has not (protocol 1.6's `surfaces`); nil
    /// when it declares none, and every surface requirement is judged as before 1.6.
    public var surfaces: DeclaredSurfaces?

    /// Creates an identity.
    public init(
        adapterName: String, adapterVersion: String, appName: String, appVersion: String, bundleId: String, msalVersion: String, capabilities: [String] = [],
        msalConfiguration: MSALConfiguration = .default, dataContainer: String? = nil, surfaces: DeclaredSurfaces? = nil
    ) {
        self.adapterName = adapterName
        self.adapterVersion = adapterVersion
        self.appName = appName
        self.appVersion = appVersion
        self.bundleId = bundleId
        self.msalVersion = msalVersion
        self.capabilities = capabilities
        self.msalConfiguration = msalConfiguration
        self.dataContainer = dataContainer
        self.surfaces = surfaces
    }
}
