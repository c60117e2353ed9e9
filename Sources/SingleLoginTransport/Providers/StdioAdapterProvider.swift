import SingleLoginAdapter

/// An adapter in a child process started from a command line, restarted after it breaks.
///
/// The provider and its adapter's session run on one `SessionExecutor` of their own: the
/// runner's task for this job prefers it, so the job's whole path to the adapter stays on one
/// thread, and no wait ever holds a thread of the cooperative pool.
public actor StdioAdapterProvider: AdapterProvider, StartingProvider {
    private let command: String
    private let environment: [String: String]
    private let timeouts: AdapterTimeouts
    private let wireLog: WireLog?
    private let executor: SessionExecutor
    var current: WireAdapter?
    var leftovers = EndedAdapterLeftovers()
    var startFailures: StartFailures

    /// Creates a provider for `command` (run with `/bin/sh -c`, `environment` added); `wireLog` records every line on the wire.
    ///
    /// After `giveUpAfter` failed starts in a row the provider gives up (``AdapterUnavailable``);
    /// nil never gives up (the soak, whose faults are drawn at random, wants every scenario tried).
    public init(
        command: String, environment: [String: String] = [:], timeouts: AdapterTimeouts = AdapterTimeouts(), wireLog: WireLog? = nil,
        giveUpAfter: Int? = AdapterUnavailable.attemptsBeforeGivingUp
    ) {
        startFailures = StartFailures(giveUpAfter: giveUpAfter, timeouts: timeouts)
        self.command = command
        self.environment = environment
        self.timeouts = timeouts
        self.wireLog = wireLog
        executor = SessionExecutor(name: "sl-adapter-job")
    }

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    public nonisolated var taskExecutor: SessionExecutor? { executor }

    public func adapter() async throws -> any ConformanceAdapter { try await currentOrStarted() }

    func start() async throws -> WireAdapter {
        try await WireAdapter.start(command: command, environment: environment, timeouts: timeouts, wireLog: wireLog, executor: executor)
    }

    public func unavailability() async -> AdapterUnavailable? { startFailures.gaveUp }

    /// Ends the broken adapter's group at once (SIGTERM, SIGKILL after 0.5 s): a broken adapter is not asked to shut down.
    public func discard() async { await endCurrent(.drop) }

    public nonisolated var scenarioTimeout: Duration { timeouts.scenario }
    public nonisolated var stepTimeout: Duration { timeouts.step }

    public func takeLog() async -> String { await takeAllLog() }

    /// Asks the adapter to shut down, then ends its group.
    public func close() async { await endCurrent(.shutdown) }

    public func takeLateCalls() async -> [LateCall] { await takeAllLateCalls() }
}
