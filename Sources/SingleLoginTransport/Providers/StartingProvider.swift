import SingleLoginAdapter

/// A provider that keeps one adapter until it breaks and starts (or accepts) the next on demand:
/// the one rule of reuse, of counting failed starts and of ending an adapter without losing what
/// it gathered, for ``StdioAdapterProvider`` and ``ListeningAdapterProvider``.
protocol StartingProvider: Actor {
    /// The adapter in use, until it breaks or the provider closes.
    var current: WireAdapter? { get set }
    /// What the adapters ended so far left, until the runner takes it.
    var leftovers: EndedAdapterLeftovers { get set }
    /// The failed starts in a row, and the giving up.
    var startFailures: StartFailures { get set }
    /// Starts (or waits for) a new adapter, handshake done.
    func start() async throws -> WireAdapter
}

extension StartingProvider {
    /// The adapter in use, or a new one; a failed start counts towards giving up unless the run was
    /// interrupted (cancelling is never the adapter's fault), and once given up every call throws.
    func currentOrStarted() async throws -> WireAdapter {
        if let current { return current }
        if let gaveUp = startFailures.gaveUp { throw gaveUp }
        do {
            let started = try await start()
            startFailures.started()
            current = started
            return started
        } catch let failure as AdapterFailure {
            if failure.kind != .interrupted, !Task.isCancelled {
                startFailures.failed(failure)
            }
            throw failure
        }
    }
}

/// How a provider ends its adapter.
enum AdapterEnding {
    /// At once, unasked (SIGTERM to a child process's group, SIGKILL after 0.5 s; a dropped
    /// connection): the adapter broke.
    case drop
    /// Asked to shut down first: the provider is done with it.
    case shutdown
}

/// The stderr of ended adapters and the late calls of their apps: the runner takes them after
/// the adapter that gathered them has gone (a late call is charged when its window closes).
struct EndedAdapterLeftovers {
    var log = ""
    var lateCalls: [LateCall] = []
}

extension StartingProvider {
    /// Ends the adapter in use, if any, keeping its log and its app's late calls for
    /// ``takeAllLog()`` and ``takeAllLateCalls()``; false when none was in use.
    @discardableResult
    func endCurrent(_ ending: AdapterEnding) async -> Bool {
        guard let current else { return false }
        self.current = nil
        switch ending {
        case .drop: await current.drop()
        case .shutdown: await current.close()
        }
        leftovers.log += await current.takeLog()
        leftovers.lateCalls += await current.takeLateCalls()
        return true
    }

    /// What the ended adapters logged, then what the one in use logged since the last call.
    func takeAllLog() async -> String {
        let ended = leftovers.log
        leftovers.log = ""
        return ended + (await current?.takeLog() ?? "")
    }

    /// The late calls the ended adapters kept, then those of the one in use since the last call.
    func takeAllLateCalls() async -> [LateCall] {
        let ended = leftovers.lateCalls
        leftovers.lateCalls = []
        return ended + (await current?.takeLateCalls() ?? [])
    }
}
