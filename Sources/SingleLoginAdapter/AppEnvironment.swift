/// What the harness hands an adapter at reset: the broker and backend its app must use, and the
/// device's clock.
public struct AppEnvironment: Sendable {
    /// The MSAL-shaped broker.
    public var broker: any SharedDeviceBroker
    /// The app's backend.
    public var backend: any BackendService
    /// The device's clock (the simulated time): use it as the app's current time. In process it is
    /// the harness's simulation; over the wire, the `now` of the latest `reset` or `event` request.
    public var clock: any AppClock

    /// Creates an environment; without `clock`, the machine's own.
    public init(broker: any SharedDeviceBroker, backend: any BackendService, clock: any AppClock = SystemAppClock()) {
        self.broker = broker
        self.backend = backend
        self.clock = clock
    }
}
