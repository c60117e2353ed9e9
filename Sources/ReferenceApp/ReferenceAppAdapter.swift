import SingleLoginAdapter

/// The in-process adapter for ``ReferenceApp``: the smallest complete ``ConformanceAdapter``.
public struct ReferenceAppAdapter: ConformanceAdapter {
    /// The app it drives.
    public let app: ReferenceApp
    /// Who it is; the adapter name carries the flaws of a faulty variant.
    public let identity: AdapterIdentity

    /// Creates an adapter around a reference app with `flaws` and `options`; `adapterName` tells transports apart in reports.
    public init(flaws: Set<ReferenceAppFlaw> = [], options: Set<ReferenceAppOption> = [], adapterName: String = "reference-in-process") {
        app = ReferenceApp(flaws: flaws, options: options)
        let variant = (flaws.map(\.rawValue) + options.map(\.rawValue)).sorted().joined(separator: "+")
        identity = AdapterIdentity(
            adapterName: adapterName, adapterVersion: ReferenceAppVersion.current,
            appName: variant.isEmpty ? "Reference App" : "Reference App (\(variant))", appVersion: ReferenceAppVersion.current,
            bundleId: "com.example.singlelogin.reference", msalVersion: "2.13.0", capabilities: [WireProtocol.Capability.concurrentCalls.rawValue],
            msalConfiguration: MSALConfiguration(brokerAvailability: flaws.contains(.disablesBroker) ? .none : .auto),
            // It uses every surface of the device (AppSurfaces), and reports each.
            surfaces: .only(Set(StoredItem.Area.deviceSurfaces)))
    }

    public func reset(environment: AppEnvironment) async throws { await app.install(environment) }
    public func handle(_ event: AppEvent) async throws -> Observation { await app.handle(event) }
    public func observe() async throws -> Observation { await app.observe() }
}

/// The reference app's version.
public enum ReferenceAppVersion {
    /// Kept in step with the harness.
    public static let current = "1.0.0"
}
