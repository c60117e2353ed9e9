import SingleLoginAdapter
import SingleLoginEvents

/// Supplies the runner with a ready adapter, and replaces it when it breaks.
public protocol AdapterProvider: Sendable {
    /// A ready adapter, started (or waited for) if there is none.
    ///
    /// Throws an ``AdapterFailure`` when it cannot start one, and ``AdapterUnavailable`` once it
    /// has given up after failing to start twice in a row.
    func adapter() async throws -> any ConformanceAdapter
    /// The adapter broke: end it, so that the next ``adapter()`` starts a fresh one.
    func discard() async
    /// What the adapter logged (stderr) since the last call; empty in process.
    func takeLog() async -> String
    /// Ends the adapter for good.
    func close() async
    /// The calls the app made under a request of a test case that had ended (protocol 1.6,
    /// `concurrentCalls`), since the last call: kept across ``discard()`` and ``close()``.
    func takeLateCalls() async -> [LateCall]
    /// Why this provider gave up starting adapters, once it has (nil until then).
    func unavailability() async -> AdapterUnavailable?
    /// How long one test case may take, counted from the moment ``adapter()`` has returned a
    /// ready adapter: starting a process or waiting for an app to connect is not scenario time.
    ///
    /// The one source of the scenario timeout: the runner checks it between steps, and a wire
    /// session enforces the same value while a request is pending.
    var scenarioTimeout: Duration { get }
    /// How long the runner waits for one request's answer (reset, an event, observe, settle),
    /// with the broker calls the app makes meanwhile.
    ///
    /// Over a wire the session enforces it; for an adapter in process the runner does, since
    /// nothing else would end a `handle` that never returns.
    var stepTimeout: Duration { get }
    /// The executor the runner's task for this job should prefer: the thread the adapter's
    /// session runs on, so that a round trip needs no hand-off between threads; nil for none.
    ///
    /// A provider that wraps another forwards it. In process it matters beyond speed: while an
    /// answer is held (`concurrentCalls`) the app's event runs in a task that prefers this
    /// executor; with none it runs on Swift's cooperative pool, where other work in the process
    /// (a test suite's parallel tests) can keep it waiting past the scenario timeout.
    var taskExecutor: SessionExecutor? { get }
}

extension AdapterProvider {
    /// Never gives up (an adapter in process always starts).
    public func unavailability() async -> AdapterUnavailable? { nil }
    /// The default of ``AdapterTimeouts/scenario``.
    public var scenarioTimeout: Duration { AdapterTimeouts().scenario }
    /// The default of ``AdapterTimeouts/step``.
    public var stepTimeout: Duration { AdapterTimeouts().step }
    /// None: an adapter in process makes no call over a wire.
    public func takeLateCalls() async -> [LateCall] { [] }
    /// No preference: the runner's task runs on the global executor.
    public var taskExecutor: SessionExecutor? { nil }
}
