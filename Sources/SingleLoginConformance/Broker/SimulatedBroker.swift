import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// A deterministic simulation of Microsoft's broker in Shared Device Mode, with MSAL's behaviour
/// in the app and the app's backend beside it. docs/broker-fidelity.md cites the MSAL source
/// for every behaviour, and names the ones of the closed-source broker we chose.
///
/// It keeps, per test case: the device (mode, the accounts signed in on it, who holds it, token
/// state), the app's MSAL configuration (whether MSAL may use the broker), the app's own MSAL
/// cache (its account records and what getCurrentAccount remembers for `previousAccount`), a
/// simulated clock, and every session and access token it issued, so that the backend refuses
/// tokens that expired or whose session ended. Every call is recorded with its answer. Account
/// changes queue the account-change broadcast; the runner delivers it only to a running app.
public actor SimulatedBroker: SharedDeviceBroker, BackendService {
    let users: [String: SimulatedUser]
    let scenarioKey: String
    let deviceMode: DeviceMode
    /// How the app configured MSAL (from the handshake).
    var configuration = MSALConfiguration.default
    /// The sessions of the accounts signed in on the device, in order; more than one is ambiguous.
    var deviceSessions: [UserSession] = []
    /// Who holds the device: who completes the sign-in sheet.
    var personAtDevice: SimulatedUser?
    /// Silent acquisition fails with -50002 until an interactive sign-in.
    var tokenNeedsInteraction: Bool
    /// The app's own MSAL cache.
    var localCache = LocalAccountCache()
    /// What getCurrentAccount remembers for `previousAccount` (the account metadata's principal).
    var principal: UserSession?
    /// Whether the principal is only in the MSAL instance's memory (after `wipeCacheForAllAccounts`),
    /// gone when the app's process ends.
    var principalInMemoryOnly = false
    /// The users this client holds an id token of in this install (their accounts carry claims).
    var idTokensHeld: Set<String> = []
    var sessionsByUser: [String: [UserSession]] = [:]
    /// The markers of the sessions whose tokens the backend still accepts.
    var liveSessions: Set<String> = []
    var tokens: [String: IssuedToken] = [:]
    /// The latest access token per session and scopes, as MSAL's cache would return it.
    var latestToken: [String: String] = [:]
    var issuances: [String: Int] = [:]
    /// The simulated clock.
    var now: Date { didSet { clock.set(now) } }
    /// The same time, for the app to read from any thread (`AppEnvironment.clock`).
    public nonisolated let clock: SimulatedClock
    var scripted: [BrokerMethod: [BrokerAnswer]] = [:]
    /// The scripted answer each call took, by the call's sequence number.
    var scriptedAnswers: [Int: BrokerAnswer] = [:]
    var stepIndex: Int?
    var phase: CallPhase = .step
    var calls: [BrokerCallRecord] = []
    var pendingBroadcasts = 0
    /// A remark on the call being answered, appended to its transcript line.
    var notes: [String] = []
    /// When the last call was answered (wall-clock, for telling a hang from a loop; never reported).
    var lastAnswer: ContinuousClock.Instant?
    /// The answers a scenario holds (`holdNext`) until a `release` step.
    var holds = HeldAnswers()

    /// The authority every simulated token is issued by.
    public static let authority = "https://login.microsoftonline.com/common"
    /// Where the simulated clock starts: Monday 2025-03-03, 08:00 UTC.
    public static let startOfDay = Date(timeIntervalSince1970: 1_740_988_800)

    /// Creates the broker in a scenario's starting state; `scenarioKey` makes markers unique per test case.
    public init(spec: Spec, given: Given, scenarioKey: String) {
        var users: [String: SimulatedUser] = [:]
        for definition in spec.accounts { users[definition.name] = SimulatedUser(definition) }
        self.users = users
        self.scenarioKey = scenarioKey
        deviceMode = given.deviceMode == .shared ? .shared : .default
        tokenNeedsInteraction = given.token == .interactionRequired
        now = Self.startOfDay
        clock = SimulatedClock(Self.startOfDay)
        var sessions: [String: [UserSession]] = [:]
        var onDevice: [UserSession] = []
        for name in given.signedIn {
            guard let user = users[name] else { continue }
            let session = UserSession(user: user, number: (sessions[name]?.count ?? 0) + 1, scenarioKey: scenarioKey)
            sessions[name, default: []].append(session)
            onDevice.append(session)
        }
        sessionsByUser = sessions
        deviceSessions = onDevice
        liveSessions = Set(onDevice.map(\.marker))
        personAtDevice = given.userAtDevice.flatMap { users[$0] } ?? onDevice.first?.user
    }

    // MARK: Control by the runner

    /// The app's MSAL configuration, as its adapter declared it.
    public func configure(_ configuration: MSALConfiguration) { self.configuration = configuration }

    /// Calls from now on are recorded as made during step `index` (nil: during reset), for its own
    /// event. A harness step's `action` (Jamf Setup or Reset, a user change, a broadcast, a scripted
    /// answer, time passing) takes effect in the same call, so that every call recorded for the step
    /// was answered after it: a transcript then replays exactly (``BrokerReplay``).
    public func beginStep(_ index: Int?, applying action: Step.Action? = nil) {
        stepIndex = index
        phase = .step
        switch action {
        case .globalSignIn(let account)?: globalSignIn(account)
        case .globalSignOut?: globalSignOut()
        case .switchUser(let account)?: switchUser(to: account)
        case .broadcast(let count)?: broadcastWithoutChange(count: count)
        case .answerNext(let method, let answer)?: script(method, answer)
        case .advanceClock(let minutes)?: advanceClock(minutes: minutes)
        case .requireInteraction?: tokenNeedsInteraction = true
        case .holdNext(let method, let account)?: holds.toHold[HeldAnswers.Hold(method: method, account: account), default: 0] += 1
        case .release?: break  // The runner releases them once it is ready to see the app settle.
        case .app(.terminate)?, .app(.launch)?:
            // A new process has a new MSAL instance: what only its memory held is gone.
            if principalInMemoryOnly { (principal, principalInMemoryOnly) = (nil, false) }
        case .app?, nil: break
        }
    }

    /// Calls from now on are recorded as made while the step's broadcasts are delivered.
    public func beginBroadcasts() { phase = .broadcasts }

    /// Scripts the answer to the next call of `method`; answers queue in order.
    public func script(_ method: BrokerMethod, _ answer: BrokerAnswer) { scripted[method, default: []].append(answer) }

    /// Jamf Setup: `name` signs in device-wide, replacing whoever was signed in, and holds the device.
    public func globalSignIn(_ name: String) { replaceDeviceAccount(with: name) }

    /// Jamf Reset: every account on the device signs out device-wide; the device is handed back (nobody holds it).
    public func globalSignOut() {
        endDeviceSessions()
        deviceSessions = []
        personAtDevice = nil
        pendingBroadcasts += 1
    }

    /// The device's account changes to `name` in one step; `name` now holds the device.
    public func switchUser(to name: String) { replaceDeviceAccount(with: name) }

    /// The broadcast without any change, `count` times.
    public func broadcastWithoutChange(count: Int) { pendingBroadcasts += count }

    /// Simulated time passes.
    public func advanceClock(minutes: Int) { now += TimeInterval(minutes * 60) }

    /// The broadcasts queued since the last call; the runner delivers them to a running app.
    public func takePendingBroadcasts() -> Int {
        defer { pendingBroadcasts = 0 }
        return pendingBroadcasts
    }

    /// Every call so far, in order.
    public func transcript() -> [BrokerCallRecord] { calls }

    /// Every call so far and the facts as they stand, read at one moment: no call can fall between
    /// them, so a transcript's facts follow from the calls recorded before them.
    public func callsAndFacts() -> (calls: [BrokerCallRecord], facts: BrokerFacts) { (calls, facts()) }

    /// Problems with the scenario itself found while answering: always none, since every scenario
    /// can be answered (a sheet nobody completes is dismissed, as at a real device).
    public func scenarioProblems() -> [String] { [] }

    /// The sessions `name` has had, in order.
    public func sessions(of name: String) -> [UserSession] { sessionsByUser[name] ?? [] }

    /// The names of the accounts signed in on the device, in order.
    public func deviceAccountNames() -> [String] { deviceSessions.map(\.user.name) }

    /// Who completes an unscripted sign-in sheet now: the person holding the device, or nil when nobody does (the sheet is dismissed).
    public func personAtDeviceName() -> String? { personAtDevice?.name }

    /// Whether the device's account needs the sheet: its every silent call fails with InteractionRequired (-50002) until a sheet completes.
    public func deviceNeedsInteraction() -> Bool { tokenNeedsInteraction && !deviceSessions.isEmpty }

    /// Every fact the checks look up besides the observation and the calls, as they stand now.
    public func facts() -> BrokerFacts {
        BrokerFacts(sessions: sessionsByUser.mapValues { $0.map(\.marker) }, deviceAccounts: deviceAccountNames(), brokerEnabled: brokerEnabled)
    }

    /// Whether the app's declared configuration lets MSAL use the broker.
    public var brokerEnabled: Bool { configuration.brokerAvailability == .auto }

    /// How long ago (on the wall clock) the last of the app's calls was answered; nil before the first.
    public func timeSinceLastAnswer() -> Duration? { lastAnswer.map { .now - $0 } }

    // MARK: The device

    func replaceDeviceAccount(with name: String) {
        guard let user = users[name] else { return }
        endDeviceSessions()
        let session = newSession(of: user, kind: .device)
        deviceSessions = [session]
        personAtDevice = user
        tokenNeedsInteraction = false
        pendingBroadcasts += 1
    }

    /// The device's accounts leave it: their sessions end, and so do results handed out without an id token.
    func endDeviceSessions() {
        for session in deviceSessions { liveSessions.remove(session.marker) }
        endResultOnlySessions()
    }

    func endResultOnlySessions() {
        for session in sessionsByUser.values.joined() where session.kind == .resultOnly { liveSessions.remove(session.marker) }
    }

    func newSession(of user: SimulatedUser, kind: UserSession.Kind) -> UserSession {
        let session = UserSession(user: user, number: (sessionsByUser[user.name]?.count ?? 0) + 1, kind: kind, scenarioKey: scenarioKey)
        sessionsByUser[user.name, default: []].append(session)
        liveSessions.insert(session.marker)
        return session
    }

    /// The spec's user whose account is `identifier` (MSAL's home account id, in any case).
    func user(identifier: String) -> SimulatedUser? {
        users.values.first { $0.identifier == identifier.lowercased() }
    }

    /// The device session of the account `identifier`, if it is signed in on the device.
    func deviceSession(identifier: String) -> UserSession? {
        deviceSessions.first { $0.user.identifier == identifier.lowercased() }
    }

    // MARK: Tokens

    /// An access token for `session` and `scopes`: MSAL's cached one while it has more than five
    /// minutes left (unless `forceRefresh`), else a new issuance that expires an hour from now.
    func accessToken(for session: UserSession, scopes: [String], reuse: Bool) -> IssuedToken {
        if reuse, let cached = cachedAccessToken(for: session, scopes: scopes) { return cached }
        let normalised = Set(scopes.map { $0.lowercased() }).sorted()
        let key = session.marker + "|" + normalised.joined(separator: " ")
        let issuance = (issuances[session.marker] ?? 0) + 1
        issuances[session.marker] = issuance
        let token = IssuedToken(
            value: session.accessToken(issuance: issuance), issuance: issuance, session: session, scopes: normalised, issuedAt: now,
            expiresOn: now + IssuedToken.lifetime)
        tokens[token.value] = token
        latestToken[key] = token.value
        return token
    }

    /// The session's latest access token for exactly `scopes` while it has more than 300 s left
    /// (MSAL's buffer), or nil.
    func cachedAccessToken(for session: UserSession, scopes: [String]) -> IssuedToken? {
        let key = session.marker + "|" + Set(scopes.map { $0.lowercased() }).sorted().joined(separator: " ")
        guard let value = latestToken[key], let cached = tokens[value], cached.expiresOn.timeIntervalSince(now) > IssuedToken.expirationBuffer else {
            return nil
        }
        return cached
    }

    /// The session's latest access token whose scopes include all of `scopes` while it has more than
    /// 300 s left, as MSAL's own cache looks one up, or nil.
    func cachedAccessToken(for session: UserSession, covering scopes: [String]) -> IssuedToken? {
        let wanted = Set(scopes.map { $0.lowercased() })
        return tokens.values.filter {
            $0.session.marker == session.marker && wanted.isSubset(of: $0.scopes) && $0.expiresOn.timeIntervalSince(now) > IssuedToken.expirationBuffer
        }.max { ($0.issuedAt, $0.value) < ($1.issuedAt, $1.value) }
    }

    /// The result MSAL builds for a token response; the account carries the id token's claims. Its
    /// `isSSOAccount` is false, brokered or not: MSAL builds the account from the token response
    /// (`MSALResult.m:135`), and only the broker's account JSON sets the flag (`MSIDAccount.m:213`).
    func result(_ token: IssuedToken, scopes: [String], idToken: Bool) -> MSALResult {
        let user = token.session.user
        return MSALResult(
            accessToken: token.value, idToken: idToken ? token.session.idToken : nil, expiresOn: token.expiresOn, scopes: scopes,
            account: user.account(claims: idToken), tenantId: user.tenantId,
            correlationId: SimulatedUser.derivedUUID(seed: "\(scenarioKey)|\(calls.count)"), authority: Self.authority)
    }

    // MARK: Answering and recording

    /// The scripted answer for the next call of `method`, if any (used up either way).
    func takeScripted(_ method: BrokerMethod) -> BrokerAnswer? {
        guard var queue = scripted[method], !queue.isEmpty else { return nil }
        let next = queue.removeFirst()
        scripted[method] = queue
        return next
    }

    /// Answers a call; records the call and its answer either way. `beforeBroker` is what MSAL does
    /// on its own before it asks the broker: it throws to fail the call (MSAL rejects its parameters or
    /// its configuration), returns an answer to give without the broker (from the app's own cache), or
    /// nil to go on. Only then does the call take the scripted answer of its method, for `atBroker`: a
    /// call that never reaches the broker leaves the scripted answer to the method's next call.
    func perform<Value>(
        _ call: BrokerCall, beforeBroker: () throws -> (Value, BrokerCallResult)? = { nil },
        atBroker body: (BrokerAnswer?) throws -> (Value, BrokerCallResult)
    ) throws -> Value {
        notes = []
        var taken: BrokerAnswer?
        do {
            let (value, result): (Value, BrokerCallResult)
            if let answered = try beforeBroker() {
                (value, result) = answered
            } else {
                taken = takeScripted(call.method)
                (value, result) = try body(taken)
            }
            record(call, .result(result), scripted: taken)
            return value
        } catch let error as MSALError {
            record(call, .error(BrokerCallError(error)), scripted: taken)
            throw error
        }
    }

    /// The scripted answer the call numbered `sequence` took, or nil when it took none (nothing was
    /// scripted for it, or MSAL answered it before the broker).
    public func scriptedAnswer(ofCall sequence: Int) -> BrokerAnswer? { scriptedAnswers[sequence] }

    /// The scripted answers not taken yet, per method.
    public func scriptedPending() -> [BrokerMethod: [BrokerAnswer]] { scripted.filter { !$0.value.isEmpty } }

    private func record(_ call: BrokerCall, _ answer: BrokerCallAnswer, scripted: BrokerAnswer?) {
        lastAnswer = .now
        if let scripted { scriptedAnswers[calls.count + 1] = scripted }
        // A call that comes after its event was answered (a held answer let the app go on) belongs
        // to the step it was made under, which the runner or the session names.
        let now = CallMoment(stepIndex: stepIndex, phase: phase)
        let belongsTo = CallMoment.current ?? now
        calls.append(
            BrokerCallRecord(
                sequence: calls.count + 1, stepIndex: belongsTo.stepIndex, call: call, answer: answer, notes: notes,
                phase: belongsTo.phase, answeredLater: belongsTo == now ? nil : now, held: AnswerHold.isHeld))
    }

    /// The transcript's record of `account`: its username and identifier.
    static func summary(_ account: MSALAccount) -> BrokerCallResult.Account {
        BrokerCallResult.Account(username: account.username, identifier: account.identifier)
    }
}
