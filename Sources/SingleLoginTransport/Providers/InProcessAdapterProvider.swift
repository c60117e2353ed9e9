import SingleLoginAdapter

/// An adapter that lives in the harness's own process (Swift, linked in).
///
/// The runner's job for it runs on a thread of its own (``taskExecutor``), with the app's
/// default actors: a long run in process then never holds a thread of Swift's cooperative
/// pool, where it would keep other work in the same process (a test's TCP client, a
/// progress printer) from being scheduled.
public actor InProcessAdapterProvider: AdapterProvider {
    private let make: @Sendable () -> any ConformanceAdapter
    private var current: (any ConformanceAdapter)?
    private let executor = SessionExecutor(name: "sl-in-process")
    public nonisolated let scenarioTimeout: Duration
    public nonisolated let stepTimeout: Duration

    /// Creates a provider that makes adapters with `make` (again after each discard).
    ///
    /// - Parameters:
    ///   - timeouts: How long one request (`step`) and one test case (`scenario`) may take; the
    ///     handshake's does not apply in process. At a timeout the runner cancels the work it
    ///     waited for and discards the adapter.
    ///   - make: Makes a fresh adapter, at first and after each discard.
    public init(timeouts: AdapterTimeouts = AdapterTimeouts(), _ make: @escaping @Sendable () -> any ConformanceAdapter) {
        self.make = make
        self.scenarioTimeout = timeouts.scenario
        self.stepTimeout = timeouts.step
    }

    /// Creates a provider whose test cases may take `scenarioTimeout` each, with the default step timeout.
    public init(scenarioTimeout: Duration, _ make: @escaping @Sendable () -> any ConformanceAdapter) {
        self.init(timeouts: AdapterTimeouts(scenario: scenarioTimeout), make)
    }

    public nonisolated var taskExecutor: SessionExecutor? { executor }

    public func adapter() async throws -> any ConformanceAdapter {
        if let current { return current }
        let made = make()
        current = made
        return made
    }

    public func discard() async { current = nil }
    public func takeLog() async -> String { "" }
    public func close() async { current = nil }
}
