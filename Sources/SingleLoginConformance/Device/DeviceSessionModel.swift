import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginRecorder
import SingleLoginSpec

/// The device's accounts and each user's sessions through one procedure, as the tester's steps and
/// the app's recorded calls leave them: what the simulated broker's facts are in a simulated run.
///
/// A session starts when the device's account becomes a user (Jamf Setup, a user change) or when
/// a token arrives for a user the device does not hold (the app's own sign-in); its marker is the
/// digest of its first token, and every later token of the session is read as that marker, so that
/// "no data of alice's session 1" finds any of its tokens. A session in which the app received no
/// token has a marker found nowhere: nothing of it can be in the app.
struct DeviceSessionModel {
    /// The spec name of each user by identifier and lowercased username.
    let users: [String: SimulatedUser]
    private(set) var deviceAccounts: [String] = []
    private(set) var sessions: [String: [[String]]] = [:]  // each session's token digests, in order
    private(set) var opened: [String: Int] = [:]  // each user's sessions so far
    private(set) var owners: [String: (user: String, session: Int)] = [:]  // each token digest's user and session

    init(users: [String: SimulatedUser], given: Given) {
        self.users = users
        for name in given.signedIn { openSession(name) }
    }

    /// The name of the user `account` is, or nil for an account the pass does not know.
    func name(of account: BrokerCallAccount?) -> String? {
        guard let account else { return nil }
        return users.values.first { user in
            (account.identifier.map { $0.lowercased() == user.identifier } ?? false)
                || (account.username.map { $0.lowercased() == user.username?.lowercased() } ?? false)
        }?.name
    }

    mutating func openSession(_ name: String) {
        deviceAccounts = [name]
        sessions[name, default: []].append([])
        opened[name, default: 0] += 1
    }

    mutating func apply(_ action: Step.Action) {
        switch action {
        case .globalSignIn(let name), .switchUser(let name): openSession(name)
        case .globalSignOut: deviceAccounts = []
        default: break
        }
    }

    /// Folds one recorded call into the model and gives its typed result.
    mutating func answer(_ call: RecordedCall) -> BrokerCallAnswer {
        if let error = call.error { return .error(error) }
        let result = call.result ?? RecordedCall.Result()
        switch BrokerMethod(rawValue: call.method) {
        case .getDeviceInformation: return .result(.deviceInformation(mode: DeviceMode(rawValue: result.deviceMode ?? "") ?? .default))
        case .getCurrentAccount: return .result(.currentAccount(result.account, previous: result.previousAccount))
        case .allAccounts, .accountsFromDevice: return .result(.accounts(result.accounts ?? []))
        case .accountForIdentifier, .accountForUsername: return .result(.account(result.account))
        case .removeAccount: return .result(.removedFromAppCache)
        case .signout:
            let name = self.name(of: BrokerCallAccount(username: nil, identifier: call.parameters.accountIdentifier))
            guard let name, deviceAccounts.contains(name) else { return .result(.signout(.notOnDevice)) }
            deviceAccounts = []
            return .result(.signout(.signedOutOnDevice(user: name, broadcast: true)))
        case .acquireToken, .acquireTokenSilent:
            let name = self.name(of: result.account) ?? result.account?.username ?? "unknown"
            if users[name] != nil, !deviceAccounts.contains(name) { openSession(name) }
            let digest = result.accessToken ?? ""
            if users[name] != nil, var list = sessions[name], !list.isEmpty {
                list[list.count - 1].append(digest)
                sessions[name] = list
            }
            let session = opened[name] ?? 0
            if owners[digest] == nil { owners[digest] = (name, session) }
            let issuance = sessions[name]?.last?.count ?? 0
            return .result(
                .token(BrokerCallResult.Token(user: name, session: session, issuance: issuance, scopes: result.scopes ?? [], idToken: result.idToken != nil)))
        case .fetchRecords:
            let owner = owners[call.parameters.accessToken ?? ""]
            return .result(.records(count: result.records ?? 0, user: owner?.user ?? "unknown", session: owner?.session ?? 0))
        case nil: return .result(.removedFromAppCache)  // never reached: the judge drops calls of methods the seam does not have
        }
    }

    /// The facts for the evaluator, with markers from `final` (the whole procedure's sessions).
    func facts(markers final: [String: [String]], brokerEnabled: Bool) -> BrokerFacts {
        var sessions: [String: [String]] = [:]
        for (name, count) in opened { sessions[name] = Array((final[name] ?? []).prefix(count)) }
        return BrokerFacts(sessions: sessions, deviceAccounts: deviceAccounts, brokerEnabled: brokerEnabled)
    }

    /// Each session's marker: its first token's digest, or a text found nowhere.
    var markers: [String: [String]] {
        sessions.mapValues { list in list.enumerated().map { $0.element.first ?? "no-token-in-session-\($0.offset + 1)" } }
    }

    /// Every later token's digest, mapped to its session's marker.
    var markerOfDigest: [String: String] {
        var map: [String: String] = [:]
        for list in sessions.values {
            for tokens in list { if let first = tokens.first { for digest in tokens.dropFirst() { map[digest] = first } } }
        }
        return map
    }
}
