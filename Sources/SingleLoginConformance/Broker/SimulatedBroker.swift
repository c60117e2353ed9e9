import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// A deterministic simulation of Microsoft's broker in Shared Device Mode, with the app's
/// backend beside it, as ../shared/DOMAIN.md describes them.
///
/// It keeps the device's state (mode, signed-in account, token state), answers the app's
/// MSAL calls with MSAL's own results and error codes, remembers what each
/// getCurrentAccount call saw (so `previousAccount` behaves as in MSAL), and records every
/// call with its answer. Account changes queue the account-change broadcast; the runner
/// delivers it only to a running app.
public actor SimulatedBroker: SharedDeviceBroker, BackendService {
    private let users: [String: SimulatedUser]
    private let scenarioKey: String
    private let deviceMode: DeviceMode
    private let userAtDevice: SimulatedUser?
    private var deviceSession: UserSession?
    private var tokenNeedsInteraction: Bool
    private var sessionsByUser: [String: [UserSession]] = [:]
    private var getCurrentAccountCalled = false
    private var lastAccountSeen: MSALAccount?
    private var scripted: [BrokerMethod: [BrokerAnswer]] = [:]
    private var stepIndex: Int?
    private var calls: [BrokerCallRecord] = []
    private var pendingBroadcasts = 0
    private var problems: [String] = []

    /// The authority every simulated token is issued by.
    public static let authority = "https://login.microsoftonline.com/common"

    /// Creates the broker in a scenario's starting state; `scenarioKey` makes markers unique per test case.
    public init(spec: Spec, given: Given, scenarioKey: String) {
        var users: [String: SimulatedUser] = [:]
        for definition in spec.accounts { users[definition.name] = SimulatedUser(definition) }
        self.users = users
        self.scenarioKey = scenarioKey
        deviceMode = given.deviceMode == .shared ? .shared : .default
        userAtDevice = given.userAtDevice.flatMap { users[$0] }
        tokenNeedsInteraction = given.token == .interactionRequired
        if let name = given.signedIn, let user = users[name] {
            deviceSession = Self.nextSession(of: user, in: &sessionsByUser, scenarioKey: scenarioKey)
        }
    }

    // MARK: Control by the runner

    /// Calls from now on are recorded as made during step `index` (nil: during reset).
    public func beginStep(_ index: Int?) { stepIndex = index }

    /// Scripts the answer to the next call of `method`; answers queue in order.
    public func script(_ method: BrokerMethod, _ answer: BrokerAnswer) { scripted[method, default: []].append(answer) }

    /// Jamf Setup: `name` signs in device-wide.
    public func globalSignIn(_ name: String) { signInDevice(as: name) }

    /// Jamf Reset: the device's account signs out device-wide.
    public func globalSignOut() {
        deviceSession = nil
        pendingBroadcasts += 1
    }

    /// The device's account changes to `name` in one step.
    public func switchUser(to name: String) { signInDevice(as: name) }

    /// The broadcast without any change, `count` times.
    public func broadcastWithoutChange(count: Int) { pendingBroadcasts += count }

    /// The broadcasts queued since the last call; the runner delivers them to a running app.
    public func takePendingBroadcasts() -> Int {
        defer { pendingBroadcasts = 0 }
        return pendingBroadcasts
    }

    /// Every call so far, in order.
    public func transcript() -> [BrokerCallRecord] { calls }

    /// Problems with the scenario itself found while answering (e.g. a sheet with nobody to complete it).
    public func scenarioProblems() -> [String] { problems }

    /// The sessions `name` has had, in order.
    public func sessions(of name: String) -> [UserSession] { sessionsByUser[name] ?? [] }

    /// The simulated user named `name`.
    public func user(named name: String) -> SimulatedUser? { users[name] }

    // MARK: MSAL

    public func getDeviceInformation() async throws -> DeviceInformation {
        try answer(.getDeviceInformation, "") {
            let information = DeviceInformation(deviceMode: deviceMode, hasAADSSOExtension: true)
            return (information, "deviceMode: \(information.deviceMode.rawValue)")
        }
    }

    public func getCurrentAccount() async throws -> CurrentAccount {
        try answer(.getCurrentAccount, "") {
            let current = deviceSession?.user.account
            // previousAccount is what the previous call saw, nil on the first call ever; only this call updates it.
            let result = CurrentAccount(account: current, previousAccount: getCurrentAccountCalled ? lastAccountSeen : nil)
            getCurrentAccountCalled = true
            lastAccountSeen = current
            return (result, "account: \(Self.describe(result.account)), previous: \(Self.describe(result.previousAccount))")
        }
    }

    public func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult {
        let described = "scopes: \(parameters.scopes.joined(separator: " ")), account: \(parameters.accountIdentifier)"
        return try answer(.acquireTokenSilent, described, scopes: parameters.scopes) {
            guard let session = deviceSession, session.user.account.identifier == parameters.accountIdentifier else {
                throw MSALError(code: MSALError.Code.interactionRequired.rawValue, message: "No account matching the identifier is signed in on this device.")
            }
            if tokenNeedsInteraction { throw MSALError.interactionRequired }
            return result(for: session, scopes: parameters.scopes)
        }
    }

    public func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult {
        var described = "scopes: \((parameters.scopes + parameters.extraScopesToConsent).joined(separator: " ")), prompt: \(parameters.promptType.rawValue)"
        if let hint = parameters.loginHint { described += ", loginHint: \(hint)" }
        return try answer(.acquireToken, described, scopes: parameters.scopes + parameters.extraScopesToConsent, completingAs: userAtDevice?.name ?? deviceSession?.user.name) { name, malformed in
            if malformed, let user = userAtDevice ?? deviceSession?.user {
                let session = deviceSession?.user == user ? deviceSession! : UserSession(user: user, number: 0, scenarioKey: scenarioKey)
                return result(for: session, scopes: parameters.scopes + parameters.extraScopesToConsent)
            }
            guard let name else {
                problems.append("The app presented the sign-in sheet, but the scenario names nobody to complete it: set given.userAtDevice or script answerNext with an account.")
                throw MSALError.userCanceled
            }
            if deviceSession?.user.name != name { signInDevice(as: name) }
            tokenNeedsInteraction = false
            return result(for: deviceSession!, scopes: parameters.scopes + parameters.extraScopesToConsent)
        }
    }

    public func signout(_ parameters: SignoutParameters) async throws {
        let described = "account: \(parameters.accountIdentifier), signoutFromBrowser: \(parameters.signoutFromBrowser)"
        try answer(.signout, described) {
            if deviceSession != nil {
                deviceSession = nil
                pendingBroadcasts += 1
            }
            return ((), "ok")
        }
    }

    // MARK: Backend

    public func fetchRecords(accessToken: String) async throws -> [UserRecord] {
        try answer(.fetchRecords, "accessToken: \(accessToken)") {
            let sessions = sessionsByUser.values.joined()
            guard let session = sessions.first(where: { $0.accessToken == accessToken }) else {
                throw MSALError(domain: "BackendErrorDomain", code: 401, message: "Unauthorized: unknown access token.")
            }
            return (session.records, "\(session.records.count) records of \(session.user.name) session \(session.number)")
        }
    }

    // MARK: Answering

    /// Answers a call: a scripted answer first, else `body`; records the call either way.
    private func answer<Value>(_ method: BrokerMethod, _ parameters: String, scopes: [String] = [], body: () throws -> (Value, String)) throws -> Value {
        do {
            if let scriptedError = try takeScriptedError(method) { throw scriptedError }
            let (value, summary) = try body()
            record(method, parameters, summary, failed: false, scopes: scopes)
            return value
        } catch let error as MSALError {
            record(method, parameters, error.description, failed: true, scopes: scopes)
            throw error
        }
    }

    /// Answers a token call, where a scripted `complete` or `noIdToken` shapes the result.
    private func answer(_ method: BrokerMethod, _ parameters: String, scopes: [String], completingAs defaultUser: String? = nil, body: (String?, Bool) throws -> MSALResult) throws -> MSALResult {
        try answer(method, parameters, scopes: scopes) { () throws -> (MSALResult, String) in
            var completeAs = defaultUser
            var dropIdToken = false
            switch takeScripted(method) {
            case .complete(let account)?: completeAs = account ?? defaultUser
            case .noIdToken?: dropIdToken = true
            case let other?: throw Self.error(for: other)
            case nil: break
            }
            // A malformed result changes nothing on the device: only the app's handling of it is under test.
            var result = try body(dropIdToken ? nil : completeAs, dropIdToken)
            if dropIdToken { result.idToken = nil }
            return (result, "ok: \(result.account.username ?? result.account.identifier), scopes: \(result.scopes.joined(separator: " "))\(dropIdToken ? ", idToken: nil" : "")")
        }
    }

    private func answer(_ method: BrokerMethod, _ parameters: String, scopes: [String], body: () throws -> MSALResult) throws -> MSALResult {
        try answer(method, parameters, scopes: scopes, completingAs: nil) { _, _ in try body() }
    }

    private func takeScripted(_ method: BrokerMethod) -> BrokerAnswer? {
        guard var queue = scripted[method], !queue.isEmpty else { return nil }
        let next = queue.removeFirst()
        scripted[method] = queue
        return next
    }

    /// For non-token calls a scripted answer can only be an error (or `complete`, the default).
    private func takeScriptedError(_ method: BrokerMethod) throws -> MSALError? {
        guard method != .acquireToken, method != .acquireTokenSilent, let next = takeScripted(method) else { return nil }
        if case .complete = next { return nil }
        return Self.error(for: next)
    }

    private static func error(for answer: BrokerAnswer) -> MSALError {
        switch answer {
        case .cancel: return .userCanceled
        case .interactionRequired: return .interactionRequired
        case .networkError: return .offline
        case .brokerNotAvailable: return .brokerNotAvailable
        case .complete, .noIdToken: return MSALError(code: MSALError.Code.internalError.rawValue, message: "unreachable")
        }
    }

    private func record(_ method: BrokerMethod, _ parameters: String, _ answer: String, failed: Bool, scopes: [String]) {
        calls.append(BrokerCallRecord(sequence: calls.count + 1, stepIndex: stepIndex, method: method, parameters: parameters, answer: answer, failed: failed, scopes: scopes))
    }

    private func signInDevice(as name: String) {
        guard let user = users[name] else { return }
        deviceSession = Self.nextSession(of: user, in: &sessionsByUser, scenarioKey: scenarioKey)
        tokenNeedsInteraction = false
        pendingBroadcasts += 1
    }

    private func result(for session: UserSession, scopes: [String]) -> MSALResult {
        MSALResult(
            accessToken: session.accessToken, idToken: session.idToken, expiresOn: Date(timeIntervalSince1970: 4_102_444_800),
            scopes: scopes, account: session.user.account, tenantId: session.user.account.tenantId,
            correlationId: SimulatedUser.derivedUUID(seed: "\(scenarioKey)|\(calls.count)"), authority: Self.authority
        )
    }

    private static func nextSession(of user: SimulatedUser, in sessions: inout [String: [UserSession]], scenarioKey: String) -> UserSession {
        let session = UserSession(user: user, number: (sessions[user.name]?.count ?? 0) + 1, scenarioKey: scenarioKey)
        sessions[user.name, default: []].append(session)
        return session
    }

    private static func describe(_ account: MSALAccount?) -> String {
        account.map { $0.username ?? $0.identifier } ?? "nil"
    }
}
