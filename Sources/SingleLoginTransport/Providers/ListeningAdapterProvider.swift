import SingleLoginAdapter

/// An adapter that connects to the harness over TCP (`run --listen`), as an app on the iOS
/// Simulator or a device does; the harness starts nothing.
///
/// The first ``adapter()`` waits up to the connect timeout for a connection and performs the
/// handshake. After an error the provider drops the connection (without `shutdown`) and the
/// next ``adapter()`` waits, again up to the connect timeout, for the adapter to connect again:
/// `TCPAdapterClient` does so by itself. A connection whose handshake lacks the run's token
/// (when one is required) is closed and the wait goes on. ``close()`` sends `shutdown` and
/// stops accepting: the listener closes once every provider sharing it has closed.
public actor ListeningAdapterProvider: AdapterProvider, StartingProvider {
    private let listener: TCPListener
    private let timeouts: AdapterTimeouts
    private let connectTimeout: Duration
    private let token: String?
    private let wireLog: WireLog?
    private let executor: SessionExecutor
    private let waker = ChannelWaker()
    var current: WireAdapter?
    var leftovers = EndedAdapterLeftovers()
    var startFailures: StartFailures
    private var connections = 0
    /// The connections refused since the last one served, and why the last was (for the timeout's message).
    private var refused: (count: Int, reason: String?) = (0, nil)
    private var closed = false

    /// Creates a provider that accepts its adapter's connections from `listener`.
    ///
    /// - Parameters:
    ///   - listener: Where the adapter connects.
    ///   - timeouts: How long to wait for the handshake, each request and each test case.
    ///   - connectTimeout: How long to wait for the adapter to connect, at first and after each dropped connection.
    ///   - token: When given, the adapter's handshake must present it (required for non-loopback listeners).
    ///   - wireLog: Where every line to and from the adapter is written, when given.
    ///   - giveUpAfter: How many failed connections in a row make the provider give up; nil never.
    public init(
        listener: TCPListener, timeouts: AdapterTimeouts = AdapterTimeouts(), connectTimeout: Duration = .seconds(60), token: String? = nil,
        wireLog: WireLog? = nil, giveUpAfter: Int? = AdapterUnavailable.attemptsBeforeGivingUp
    ) {
        startFailures = StartFailures(giveUpAfter: giveUpAfter, timeouts: timeouts)
        self.listener = listener
        self.timeouts = timeouts
        self.connectTimeout = connectTimeout
        self.token = token
        self.wireLog = wireLog
        executor = SessionExecutor(name: "sl-adapter-job")
        listener.retain()
    }

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    public nonisolated var taskExecutor: SessionExecutor? { executor }

    public func adapter() async throws -> any ConformanceAdapter { try await currentOrStarted() }

    func start() async throws -> WireAdapter {
        TransportTrace.note("provider.adapter", "waiting for a connection to \(listener.address)")
        let connected = try await connect()
        TransportTrace.note("provider.adapter", "connected and handshaken")
        return connected
    }

    /// Waits for a connection whose handshake succeeds (and presents the token), until the connect timeout.
    private func connect() async throws -> WireAdapter {
        let deadline = ContinuousClock.now + connectTimeout
        let again = connections > 0
        while true {
            connections += 1
            switch try await acceptOne(before: deadline, number: connections) {
            case .connected(let adapter):
                refused = (0, nil)
                return adapter
            case .refused(let reason):
                refused = (refused.count + 1, reason)
                continue
            case .timedOut:
                let refusals = Self.refusalNote(count: refused.count, reason: refused.reason)
                throw AdapterFailure(
                    .spawn,
                    "no adapter connected to \(listener.address) within \(connectTimeout.shortText)"
                        + (again
                            ? " after the harness dropped the connection (an adapter using TCPAdapterClient connects again by itself; a hung or crashed app must be restarted)"
                            : " (start the app's adapter with TCPAdapterClient.serve(adapter, host: \"\(listener.connectHost)\", port: \(listener.port)), or adapter.py --connect \(listener.connectAddress))")
                        + refusals,
                    cause: .nobodyConnected)
            }
        }
    }

    /// What the timeout's message adds when connections were refused meanwhile: they are why nobody
    /// was served, and the console shows this message, not the wire log where each refusal is noted.
    static func refusalNote(count: Int, reason: String?) -> String {
        guard count > 0 else { return "" }
        return "; \(count) connection\(count == 1 ? " was" : "s were") refused meanwhile (\(reason ?? "a token that is not this run's")):"
            + " give the app this run's token (SL_CONFORMANCE_TOKEN, which the harness printed when it began to listen)"
    }

    /// How waiting for one connection ended.
    private enum Attempt: Sendable {
        case connected(WireAdapter)
        /// Someone connected without this run's token: why.
        case refused(String)
        case timedOut
    }

    /// One accepted connection and its handshake.
    ///
    /// Runs on this provider's executor whoever calls it: accepting blocks its thread.
    private nonisolated func acceptOne(before deadline: ContinuousClock.Instant, number: Int) async throws -> Attempt {
        let (listener, waker, wireLog, timeouts, executor, token) = (self.listener, self.waker, self.wireLog, self.timeouts, self.executor, self.token)
        return try await withPreferredExecutor(executor) { () async throws -> Attempt in
            let accepted = await withTaskCancellationHandler {
                listener.accept(before: deadline, waker: waker)
            } onCancel: {
                waker.wake()
            }
            switch accepted {
            case .timedOut: return .timedOut
            case .interrupted: throw CancellationError()
            case .connection(let channel):
                wireLog?.note("adapter connected from \(channel.peerAddress) (connection \(number))")
                do {
                    return .connected(try await WireAdapter.connect(channel, timeouts: timeouts, wireLog: wireLog, executor: executor, token: token))
                } catch let failure as AdapterFailure where token != nil && failure.cause == .wrongToken {
                    // Not this run's adapter: ignore it and keep waiting for ours.
                    wireLog?.note("refused the connection: \(failure.message)")
                    return .refused(failure.message)
                }
            }
        }
    }

    public func unavailability() async -> AdapterUnavailable? { startFailures.gaveUp }

    /// Drops the connection without `shutdown`: the adapter connects again for the next test case.
    public func discard() async {
        guard await endCurrent(.drop) else { return }
        wireLog?.note("the harness dropped the connection; waiting for the adapter to connect again")
    }

    public nonisolated var scenarioTimeout: Duration { timeouts.scenario }
    public nonisolated var stepTimeout: Duration { timeouts.step }

    /// Empty: a connected adapter's stderr stays with its app.
    public func takeLog() async -> String { await takeAllLog() }

    public func takeLateCalls() async -> [LateCall] { await takeAllLateCalls() }

    /// Sends `shutdown` and closes the connection; stops accepting (the listener closes once
    /// every provider sharing it has closed), so an adapter that connects again is refused at once.
    public func close() async {
        await endCurrent(.shutdown)
        guard !closed else { return }
        closed = true
        listener.release()
    }
}
