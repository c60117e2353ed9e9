/// The MSAL calls a Single Login app makes, as one async protocol.
///
/// An adapter routes its app's `MSALPublicClientApplication` calls here. In a conformance
/// run the harness's simulated broker answers them, and records each one.
/// Errors thrown are always ``MSALError``. Each function is one ``BrokerMethod`` case, the name
/// transcripts, `calls` checks and the wire (`msal.<name>`) use for it.
public protocol SharedDeviceBroker: Sendable {
    /// `getDeviceInformation(with:completionBlock:)`.
    func getDeviceInformation() async throws -> DeviceInformation
    /// `getCurrentAccount(with:completionBlock:)`: the current account and the one the previous call saw.
    func getCurrentAccount() async throws -> CurrentAccount
    /// `acquireTokenSilent(with:)`: a token with no UI, or InteractionRequired.
    func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult
    /// `acquireToken(with:)`: presents Microsoft's sign-in sheet (one interactive prompt).
    func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult
    /// `signout(with:signoutParameters:)`: in shared mode, a device-wide sign-out.
    func signout(_ parameters: SignoutParameters) async throws
}

/// The app's own backend, which the harness plays so that every user's data carries markers.
///
/// Its one function is ``BrokerMethod/fetchRecords`` (`backend.fetchRecords` on the wire).
public protocol BackendService: Sendable {
    /// The signed-in user's records, authorised by an access token from the broker.
    func fetchRecords(accessToken: String) async throws -> [UserRecord]
}

/// One record of a user's data as the app's backend hands it out.
public struct UserRecord: Hashable, Codable, Sendable {
    /// A stable id.
    public var id: String
    /// Content the app typically shows and caches.
    public var title: String
    /// More content, stored by the app.
    public var detail: String

    /// Creates a record.
    public init(id: String, title: String, detail: String) {
        self.id = id
        self.title = title
        self.detail = detail
    }
}

/// What the harness hands an adapter at reset: the broker and backend its app must use.
public struct AppEnvironment: Sendable {
    /// The MSAL-shaped broker.
    public var broker: any SharedDeviceBroker
    /// The app's backend.
    public var backend: any BackendService

    /// Creates an environment.
    public init(broker: any SharedDeviceBroker, backend: any BackendService) {
        self.broker = broker
        self.backend = backend
    }
}
