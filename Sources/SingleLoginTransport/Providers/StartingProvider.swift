import SingleLoginAdapter

/// A provider that keeps one adapter until it breaks and starts (or accepts) the next on demand:
/// the one rule of reuse and of counting failed starts, for ``StdioAdapterProvider`` and
/// ``ListeningAdapterProvider``.
protocol StartingProvider: Actor {
    /// The adapter in use, until it breaks or the provider closes.
    var current: WireAdapter? { get set }
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
