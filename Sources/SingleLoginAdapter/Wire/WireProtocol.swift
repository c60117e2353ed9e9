/// The names and version of the stdio wire protocol (see docs/wire-protocol.md).
public enum WireProtocol {
    /// The protocol version this build speaks. A different major version is refused at the handshake;
    /// an adapter of an older minor version (1.0 to 1.4) is served as it is: every addition is
    /// optional (1.2 added `now`, the device's time, to every `reset` and `event` request's params;
    /// 1.3 the handshake's `dataContainer`, a directory the harness reads itself; 1.4 the storage
    /// areas of the device's surfaces, `StoredItem.Area.isDeviceSurface`, which an adapter sends
    /// only to a harness that announced 1.4 or later, since an older one refuses the observation;
    /// 1.5 `parentInWindow` in `msal.acquireToken` and `msal.signout`, absent when true).
    ///
    /// 1.6 adds the handshake's `surfaces` (``DeclaredSurfaces``) and a screen element's `record`
    /// (`ScreenElement.isRecord`), which an adapter sends only to a harness that announced 1.6 or later;
    /// and the ``Capability/concurrentCalls`` capability, with `settle`, the `held` notification and
    /// each call's `underRequest`, all only for an adapter that declares it.
    public static let version = "1.6"

    /// Optional features an adapter declares in its handshake's `capabilities`.
    public enum Capability: String, Sendable, CaseIterable {
        /// Protocol 1.6: the harness may hold the answer to one of the app's calls and deliver
        /// further events before answering it. The adapter then answers an event while one of its
        /// calls is held (the harness said so with a `held` notification), marks each call with
        /// the harness request it was made under (`underRequest`), and answers `settle` once every
        /// task its app started has finished.
        case concurrentCalls
    }

    /// The notification the harness sends an adapter that declared ``Capability/concurrentCalls``
    /// when it holds the answer to one of its calls: `{"method": "held", "params": {"id": N}}`.
    public static let heldNotification = "held"

    /// The member of a call's params naming the harness request it was made under (1.6, with
    /// ``Capability/concurrentCalls`` only).
    public static let underRequestMember = "underRequest"

    /// Requests the harness sends to the adapter.
    public enum HarnessMethod: String, Sendable, CaseIterable {
        /// The handshake: `{protocolVersion, harness}` answered with the adapter's ``Handshake``.
        case initialize
        /// Fresh install. Answered with `{}`.
        case reset
        /// `{event}`: deliver one ``AppEvent``; answered with an `Observation` once settled.
        case event
        /// Answered with an `Observation`.
        case observe
        /// `{}` (1.6, ``Capability/concurrentCalls`` only): the harness has answered calls it held;
        /// answered with an `Observation` once every task the app started has finished.
        case settle
        /// The adapter should exit after answering `{}`.
        case shutdown
    }

    // Requests the adapter sends to the harness while a harness request is pending are the
    // cases of ``BrokerMethod``, named on the wire by ``BrokerMethod/wireName``.

    /// The adapter's half of the handshake: the result of `initialize`.
    public struct Handshake: Hashable, Codable, Sendable {
        /// The protocol version the adapter speaks.
        public var protocolVersion: String
        /// Who the adapter is.
        public var adapter: Named
        /// The app it drives.
        public var app: App
        /// The MSAL version the app links.
        public var msalVersion: String
        /// Optional features.
        public var capabilities: [String]
        /// How the app configures MSAL (1.1; absent: `{"brokerAvailability": "auto"}`, MSAL's default).
        public var msalConfiguration: MSALConfiguration?
        /// The run's token (protocol 1.1, optional): required when the harness listens on a
        /// non-loopback address, so that nobody else on the network can join the run.
        public var token: String?
        /// The directory holding the app's data container (protocol 1.3, optional), for the
        /// harness to read after every step: see ``AdapterIdentity/dataContainer``.
        public var dataContainer: String?
        /// The device surfaces the app declares it has and has not (protocol 1.6, optional): see ``AdapterIdentity/surfaces``.
        public var surfaces: DeclaredSurfaces?

        /// A name and a version.
        public struct Named: Hashable, Codable, Sendable {
            /// The name.
            public var name: String
            /// The version.
            public var version: String
            /// Creates the pair.
            public init(name: String, version: String) { self.name = name; self.version = version }
        }

        /// The app's name, version and bundle id.
        public struct App: Hashable, Codable, Sendable {
            /// The name.
            public var name: String
            /// The version.
            public var version: String
            /// The bundle identifier.
            public var bundleId: String
            /// Creates the app description.
            public init(name: String, version: String, bundleId: String) { self.name = name; self.version = version; self.bundleId = bundleId }
        }

        /// Builds the handshake from an identity.
        public init(_ identity: AdapterIdentity, protocolVersion: String = WireProtocol.version) {
            self.protocolVersion = protocolVersion
            adapter = Named(name: identity.adapterName, version: identity.adapterVersion)
            app = App(name: identity.appName, version: identity.appVersion, bundleId: identity.bundleId)
            msalVersion = identity.msalVersion
            capabilities = identity.capabilities
            msalConfiguration = identity.msalConfiguration == .default ? nil : identity.msalConfiguration
            dataContainer = identity.dataContainer
            surfaces = identity.surfaces
        }

        /// The identity the handshake announces.
        public var identity: AdapterIdentity {
            AdapterIdentity(
                adapterName: adapter.name, adapterVersion: adapter.version, appName: app.name, appVersion: app.version, bundleId: app.bundleId,
                msalVersion: msalVersion, capabilities: capabilities, msalConfiguration: msalConfiguration ?? .default, dataContainer: dataContainer,
                surfaces: surfaces)
        }
    }
}
