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
