/// How long the harness waits for an adapter.
public struct AdapterTimeouts: Sendable, Hashable {
    /// For the handshake after starting the process.
    public var handshake: Duration
    /// For one request (reset, one event, observe) including the broker calls it makes.
    public var step: Duration
    /// For one whole test case.
    public var scenario: Duration

    /// Creates timeouts.
    public init(handshake: Duration = .seconds(10), step: Duration = .seconds(10), scenario: Duration = .seconds(60)) {
        self.handshake = handshake
        self.step = step
        self.scenario = scenario
    }
}
