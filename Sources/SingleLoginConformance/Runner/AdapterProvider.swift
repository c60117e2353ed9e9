import SingleLoginAdapter
import SingleLoginEvents

/// Supplies the runner with a ready adapter, and replaces it when it breaks.
public protocol AdapterProvider: Sendable {
    /// A ready adapter, started if there is none.
    func adapter() async throws -> any ConformanceAdapter
    /// The adapter broke: end it, so that the next ``adapter()`` starts a fresh one.
    func discard() async
    /// What the adapter logged (stderr) since the last call; empty in process.
    func takeLog() async -> String
    /// Ends the adapter for good.
    func close() async
}

/// An adapter that lives in the harness's own process (Swift, linked in).
public actor InProcessAdapterProvider: AdapterProvider {
    private let make: @Sendable () -> any ConformanceAdapter
    private var current: (any ConformanceAdapter)?

    /// Creates a provider that makes adapters with `make` (again after each discard).
    public init(_ make: @escaping @Sendable () -> any ConformanceAdapter) { self.make = make }

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

/// An adapter in a child process started from a command line, restarted after it breaks.
public actor StdioAdapterProvider: AdapterProvider {
    private let command: String
    private let timeouts: AdapterTimeouts
    private let wireLog: WireLog?
    private var current: StdioAdapter?
    private var pendingLog = ""

    /// Creates a provider for `command` (run with `/bin/sh -c`); `wireLog` records every line on the wire.
    public init(command: String, timeouts: AdapterTimeouts = AdapterTimeouts(), wireLog: WireLog? = nil) {
        self.command = command
        self.timeouts = timeouts
        self.wireLog = wireLog
    }

    public func adapter() async throws -> any ConformanceAdapter {
        if let current { return current }
        let started = try await StdioAdapter.start(command: command, timeouts: timeouts, wireLog: wireLog)
        current = started
        return started
    }

    public func discard() async {
        guard let current else { return }
        self.current = nil
        await current.close()
        pendingLog += current.takeLog()
    }

    public func takeLog() async -> String {
        defer { pendingLog = "" }
        return pendingLog + (current?.takeLog() ?? "")
    }

    public func close() async { await discard() }
}
