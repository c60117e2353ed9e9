import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// MSAL's account calls: device information, the current account, and the app's own cache.
extension SimulatedBroker {
    // MARK: getDeviceInformation (PCA.m 1446-1492, MSALDeviceInfoProvider.m 52-131)

    public func getDeviceInformation() async throws -> DeviceInformation {
        try perform(.getDeviceInformation) {
            // MSAL may not use the broker: it answers without asking it.
            guard brokerEnabled else { throw MSALError.brokerNotAvailable }
            return nil
        } atBroker: { scripted in
            guard scripted != .brokerNotAvailable else {
                // MSAL may not use the broker: no object at all, only -50000/-42714.
                throw MSALError.brokerNotAvailable
            }
            // Any failure of the SSO extension: MSAL returns a default-mode object AND the error.
            let fallback = DeviceInformation(deviceMode: .default, hasAADSSOExtension: true)
            switch scripted {
            case .ssoExtensionFailure(let code)?:
                var error = MSALError.ssoExtensionFailure(code)
                error.deviceInformation = fallback
                throw error
            case .networkError?:
                var error = MSALError.offline
                error.deviceInformation = fallback
                throw error
            default: break
            }
            let extra = [
                "isSSOExtensionInFullMode": "Yes",
                "mdm_id": SimulatedUser.derivedUUID(seed: "mdm:\(scenarioKey)"),
                "object_id": SimulatedUser.derivedUUID(seed: "device:\(scenarioKey)"),
                "isCallerAppManaged": "1",
            ]
            let information = DeviceInformation(deviceMode: deviceMode, hasAADSSOExtension: true, extraDeviceInformation: extra)
            return (information, .deviceInformation(mode: information.deviceMode))
        }
    }

    // MARK: getCurrentAccount (PCA.m 490-569, MSALAccountsProvider.m 325-471)

    public func getCurrentAccount() async throws -> CurrentAccount {
        try perform(.getCurrentAccount) { scripted in
            try throwSystemFailure(scripted)
            // previousAccount is read before the device is asked; nothing is stored on an error.
            let previous = principal.map(materialisedPrevious)
            let accounts = visibleAccounts()
            guard accounts.count <= 1 else {
                notes.append("\(accounts.count) accounts: \(accounts.map(\.user.name).joined(separator: ", "))")
                throw MSALError.ambiguousAccount
            }
            principal = accounts.first
            principalInMemoryOnly = false
            let current = accounts.first.map(currentAccount)
            return (
                CurrentAccount(account: current, previousAccount: previous), .currentAccount(current.map(Self.summary), previous: previous.map(Self.summary))
            )
        }
    }

    /// The accounts getCurrentAccount and accountsFromDevice count: in Shared Device Mode the broker's
    /// only; on a personal device the app's signed-in ones too; without the broker the app's only.
    func visibleAccounts() -> [UserSession] {
        let local = localCache.signedIn.map(\.session)
        guard brokerEnabled else { return local }
        if deviceMode == .shared { return deviceSessions }
        return deviceSessions + local.filter { record in !deviceSessions.contains { $0.user.identifier == record.user.identifier } }
    }

    /// An account as getCurrentAccount hands it out: claims only if this client holds the user's id token.
    func currentAccount(_ session: UserSession) -> MSALAccount {
        let fromBroker = brokerEnabled && deviceSessions.contains { $0.user.identifier == session.user.identifier }
        return session.user.account(claims: idTokensHeld.contains(session.user.name), isSSOAccount: fromBroker && deviceMode == .shared)
    }

    /// `previousAccount`: the local record if one exists (without claims in Shared Device Mode), else a skeleton.
    func materialisedPrevious(_ session: UserSession) -> MSALAccount {
        let user = session.user
        if let record = localCache.record(identifier: user.identifier), record.inTokenCache {
            return user.account(claims: record.holdsTokens, tenantProfiles: true)
        }
        return MSALAccount(username: user.username, homeAccountId: MSALAccountId(parsing: user.identifier), environment: SimulatedUser.environment)
    }

    /// Errors of the SSO extension and of the network pass through the calls that have no fallback.
    func throwSystemFailure(_ scripted: BrokerAnswer?) throws {
        switch scripted {
        case .ssoExtensionFailure(let code)?: throw MSALError.ssoExtensionFailure(code)
        case .networkError?: throw MSALError.offline
        default: return
        }
    }

    // MARK: accountsFromDevice (PCA.m 420-486)

    public func accountsFromDevice() async throws -> [MSALAccount] {
        try perform(.accountsFromDevice) { scripted in
            try throwSystemFailure(scripted)
            let accounts = visibleAccounts().map(currentAccount)
            return (accounts, .accounts(accounts.map(Self.summary)))
        }
    }

    // MARK: The app's own cache (PCA.m 351-418, 1178-1245): never the broker

    public func allAccounts() async throws -> [MSALAccount] {
        try perform(.allAccounts) { _ in
            let accounts = localCache.signedIn.map { $0.user.account(claims: $0.holdsTokens, tenantProfiles: true) }
            return (accounts, .accounts(accounts.map(Self.summary)))
        }
    }

    public func account(forIdentifier identifier: String) async throws -> MSALAccount? {
        try perform(.accountForIdentifier(identifier)) { _ in
            let record = localCache.signedIn.first { $0.user.identifier.lowercased() == identifier.lowercased() }
            let account = record.map { $0.user.account(claims: $0.holdsTokens, tenantProfiles: true) }
            return (account, .account(account.map(Self.summary)))
        }
    }

    public func account(forUsername username: String) async throws -> MSALAccount? {
        try perform(.accountForUsername(username)) { _ in
            guard !username.trimmingCharacters(in: .whitespaces).isEmpty else {
                // Not converted by MSAL (PCA.m 409-418).
                throw MSALError(domain: "MSIDErrorDomain", code: -51111, message: "username is a required parameter and must not be nil or empty.")
            }
            let record = localCache.signedIn.first { $0.user.username?.lowercased() == username.lowercased() }
            let account = record.map { $0.user.account(claims: $0.holdsTokens, tenantProfiles: true) }
            return (account, .account(account.map(Self.summary)))
        }
    }

    public func removeAccount(identifier: String?) async throws {
        try perform(.removeAccount(identifier)) { _ in
            if let identifier { removeLocally(identifier: identifier, wipeAccount: false) }
            return ((), .removedFromAppCache)
        }
    }

    /// MSAL's local removal: SignedOut for this client (with `wipeAccount`, the records gone as well); the
    /// id token goes with it. A sign-in MSAL made without the broker ends with it.
    func removeLocally(identifier: String, wipeAccount: Bool) {
        if let user = user(identifier: identifier) {
            idTokensHeld.remove(user.name)
            for session in sessionsByUser[user.name] ?? [] where session.kind == .local { liveSessions.remove(session.marker) }
        }
        if wipeAccount { localCache.wipe(identifier: identifier) } else { localCache.signOut(identifier: identifier) }
    }
}
