import SingleLoginAdapter

/// The answers a scenario holds: how many calls of each method are still to be held
/// (`holdNext`), the calls held and not yet released, and who waits for them.
///
/// A held call is answered when the app makes it, as the broker and the backend stand then, and
/// delivered when a `release` step comes. That is what MSAL does with a silent request the SSO
/// extension is already serving when the device signs out: nothing in MSAL tracks or cancels it,
/// and its completion block runs with the token issued before the sign-out
/// (docs/broker-fidelity.md, "Answers in flight across a sign-out"); and what a backend does with
/// a download it was already serving.
struct HeldAnswers {
    /// Calls still to be held, per method and the spec account they are for (nil: whoever).
    var toHold: [Hold: Int] = [:]
    /// Tickets handed out, in order.
    var nextTicket = 1
    /// Held calls not yet released, and the in-process callers waiting for each.
    var outstanding: [Int: [CheckedContinuation<Void, Never>]] = [:]
    /// Called once, the next time an in-process app's held call is on record (answered, in the
    /// transcript): the runner's wait for the app to settle.
    var onHold: [@Sendable () -> Void] = []

    /// What a `holdNext` step holds: the next call of `method`, for `account` when it names one.
    struct Hold: Hashable {
        var method: BrokerMethod
        var account: String?
    }
}

extension SimulatedBroker: CallHolding {
    package func claimHold(_ method: BrokerMethod, accountIdentifier: String?) -> Int? {
        // A hold for whoever comes first; then one for the account whose identifier the call names.
        let named = accountIdentifier.flatMap { user(identifier: $0)?.name }
        let candidates = [HeldAnswers.Hold(method: method)] + (named.map { [HeldAnswers.Hold(method: method, account: $0)] } ?? [])
        guard let hold = candidates.first(where: { holds.toHold[$0, default: 0] > 0 }) else { return nil }
        holds.toHold[hold, default: 0] -= 1
        let ticket = holds.nextTicket
        holds.nextTicket += 1
        holds.outstanding[ticket] = []
        return ticket
    }

    package func isReleased(_ ticket: Int) -> Bool { holds.outstanding[ticket] == nil }

    /// Returns once the held call with `ticket` has been released (an in-process app's call, which
    /// the broker has answered and recorded). The runner, waiting for the app to settle or hold,
    /// goes on from here, not from ``claimHold(_:accountIdentifier:)``: an app whose calls run off the job's thread
    /// (started from a dispatch queue) would otherwise have its step judged before the held call
    /// is on record.
    func waitForRelease(_ ticket: Int) async {
        let signals = holds.onHold
        holds.onHold = []
        for signal in signals { signal() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            guard holds.outstanding[ticket] != nil else { return continuation.resume() }
            holds.outstanding[ticket]?.append(continuation)
        }
    }

    /// Delivers every held answer (a `release` step, or the end of the test case); holds not yet taken lapse.
    func releaseHeldAnswers() {
        let waiting = holds.outstanding.values.joined()
        holds.outstanding = [:]
        for continuation in waiting { continuation.resume() }
    }

    /// Whether some held answer waits for a release.
    func holdsAnswers() -> Bool { !holds.outstanding.isEmpty }

    /// Whether an answer is held, or a hold waits for the app's next call of its method: what the
    /// app shows may then wait for an answer (explore's oracle judges such steps by less).
    package func holdsOrWillHold() -> Bool { !holds.outstanding.isEmpty || holds.toHold.values.contains { $0 > 0 } }

    /// How many calls have been held so far in the test case, released or not.
    package func callsHeld() -> Int { holds.nextTicket - 1 }

    /// Calls `signal` the next time an in-process app's held call is on record.
    func onNextHold(_ signal: @escaping @Sendable () -> Void) { holds.onHold.append(signal) }

    /// Forgets `onNextHold` signals that did not fire.
    func clearHoldSignals() { holds.onHold = [] }
}

/// The broker and backend an in-process app is given: each call goes to the simulated broker, and
/// a held one returns only once a step has released it. (Over the wire the harness's session holds
/// the answer instead, and the adapter answers the event meanwhile.)
struct HoldingBroker: SharedDeviceBroker, BackendService, CallHolding {
    let broker: SimulatedBroker

    func claimHold(_ method: BrokerMethod, accountIdentifier: String?) async -> Int? {
        await broker.claimHold(method, accountIdentifier: accountIdentifier)
    }
    func isReleased(_ ticket: Int) async -> Bool { await broker.isReleased(ticket) }

    /// `body`'s answer, delivered once released when the call of `method` is held.
    private func answer<Value: Sendable>(
        _ method: BrokerMethod, for accountIdentifier: String? = nil, _ body: () async throws -> Value
    ) async throws -> Value {
        let ticket = await broker.claimHold(method, accountIdentifier: accountIdentifier)
        let result: Result<Value, any Error>
        do { result = .success(try await AnswerHold.$isHeld.withValue(ticket != nil) { try await body() }) } catch { result = .failure(error) }
        if let ticket { await broker.waitForRelease(ticket) }
        return try result.get()
    }

    func getDeviceInformation() async throws -> DeviceInformation { try await answer(.getDeviceInformation) { try await broker.getDeviceInformation() } }
    func getCurrentAccount() async throws -> CurrentAccount { try await answer(.getCurrentAccount) { try await broker.getCurrentAccount() } }
    func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult {
        try await answer(.acquireTokenSilent, for: parameters.accountIdentifier) { try await broker.acquireTokenSilent(parameters) }
    }
    func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult {
        try await answer(.acquireToken) { try await broker.acquireToken(parameters) }
    }
    func signout(_ parameters: SignoutParameters) async throws { try await answer(.signout) { try await broker.signout(parameters) } }
    func allAccounts() async throws -> [MSALAccount] { try await answer(.allAccounts) { try await broker.allAccounts() } }
    func account(forIdentifier identifier: String) async throws -> MSALAccount? {
        try await answer(.accountForIdentifier) { try await broker.account(forIdentifier: identifier) }
    }
    func account(forUsername username: String) async throws -> MSALAccount? {
        try await answer(.accountForUsername) { try await broker.account(forUsername: username) }
    }
    func removeAccount(identifier: String?) async throws { try await answer(.removeAccount) { try await broker.removeAccount(identifier: identifier) } }
    func accountsFromDevice() async throws -> [MSALAccount] { try await answer(.accountsFromDevice) { try await broker.accountsFromDevice() } }
    func fetchRecords(accessToken: String) async throws -> [UserRecord] {
        try await answer(.fetchRecords) { try await broker.fetchRecords(accessToken: accessToken) }
    }
}
