import SingleLoginAdapter
import SingleLoginEvents

/// A provider whose adapters have their app's data container named by the harness rather than in
/// their handshake: the Simulator's container of the app, found with `xcrun simctl`. The harness
/// then reads it after every step, as it reads a container a handshake names.
public struct ContainerNamingProvider: AdapterProvider {
    private let base: any AdapterProvider
    private let directory: String

    /// `base`'s adapters, with `directory` as their app's data container.
    public init(_ base: any AdapterProvider, directory: String) {
        self.base = base
        self.directory = directory
    }

    public func adapter() async throws -> any ConformanceAdapter {
        let adapter = try await base.adapter()
        if let wire = adapter as? WireAdapter { return wire.naming(dataContainer: directory) }
        return ContainerNamingAdapter(base: adapter, directory: directory)
    }
    public func discard() async { await base.discard() }
    public func takeLog() async -> String { await base.takeLog() }
    public func close() async { await base.close() }
    public func takeLateCalls() async -> [LateCall] { await base.takeLateCalls() }
    public func unavailability() async -> AdapterUnavailable? { await base.unavailability() }
    public var scenarioTimeout: Duration { base.scenarioTimeout }
    public var stepTimeout: Duration { base.stepTimeout }
    public var taskExecutor: SessionExecutor? { base.taskExecutor }
}

/// An adapter as it is, but for the data container its identity names.
struct ContainerNamingAdapter: ConformanceAdapter {
    let base: any ConformanceAdapter
    let identity: AdapterIdentity

    init(base: any ConformanceAdapter, directory: String) {
        self.base = base
        var identity = base.identity
        identity.dataContainer = directory
        self.identity = identity
    }

    func reset(environment: AppEnvironment) async throws { try await base.reset(environment: environment) }
    func handle(_ event: AppEvent) async throws -> Observation { try await base.handle(event) }
    func observe() async throws -> Observation { try await base.observe() }
}
