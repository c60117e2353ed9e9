import Foundation
import SingleLoginAdapter

/// A trivial Single Login app model: enough to answer the protocol truthfully.
///
/// It checks the account on launch, resume and broadcast, signs in silently when it can,
/// shows the user's records, and clears everything on sign-out or user change.
final class FakeApp {
    private let call: (String, JSONValue) throws -> JSONValue
    private var running = false
    private var account: MSALAccount?
    private var token: String?
    private var records: [UserRecord] = []
    private let scopes: [JSONValue] = [.string("User.Read")]

    init(call: @escaping (String, JSONValue) throws -> JSONValue) { self.call = call }

    /// A fresh install, not running.
    func reset() {
        running = false
        clear()
    }

    /// Delivers one event; MSAL errors are part of the app's life, not the adapter's failure.
    func handle(_ event: AppEvent) throws {
        switch event {
        case .launch:
            running = true
            _ = try call(BrokerMethod.getDeviceInformation.wireName, .object([]))
            try checkAccount()
        case .resume, .accountChangedBroadcast: try checkAccount()
        case .suspend: break
        case .terminate:
            running = false
            token = nil
        case .tapSignIn:
            do {
                let result = try call(
                    BrokerMethod.acquireToken.wireName,
                    .members(["scopes": .array(scopes), "extraScopesToConsent": .array([]), "promptType": .string("promptIfNecessary")]))
                try adopt(result.decode(MSALResult.self))
            } catch is MSALError {}
        case .tapSignOut:
            if let identifier = account?.identifier {
                _ = try? call(
                    BrokerMethod.signout.wireName,
                    .members(["accountIdentifier": .string(identifier), "signoutFromBrowser": .bool(false), "wipeAccount": .bool(false)]))
            }
            clear()
        case .refresh:
            if account != nil { try signInSilently() }
        }
    }

    private func checkAccount() throws {
        let current: CurrentAccount
        do { current = try call(BrokerMethod.getCurrentAccount.wireName, .object([])).decode(CurrentAccount.self) } catch is MSALError { return }
        guard let now = current.account else { clear(); return }
        if now.identifier != account?.identifier {
            clear()
            account = now
        }
        try signInSilently()
    }

    private func signInSilently() throws {
        guard let identifier = account?.identifier else { return }
        do {
            let result = try call(
                BrokerMethod.acquireTokenSilent.wireName,
                .members(["scopes": .array(scopes), "accountIdentifier": .string(identifier), "forceRefresh": .bool(false)]))
            try adopt(result.decode(MSALResult.self))
        } catch is MSALError {
            token = nil
        }
    }

    private func adopt(_ result: MSALResult) throws {
        if result.account.identifier != account?.identifier { clear() }
        account = result.account
        token = result.accessToken
        do {
            struct Records: Decodable { var records: [UserRecord] }
            records = try call(BrokerMethod.fetchRecords.wireName, .members(["accessToken": .string(result.accessToken)])).decode(Records.self).records
        } catch is MSALError {}
    }

    private func clear() {
        account = nil
        token = nil
        records = []
    }

    /// What the app shows and keeps now.
    func observation() -> Observation {
        guard running else {
            return Observation(running: false, signedInAccount: nil, screen: [], storage: storage())
        }
        guard let account else {
            return Observation(
                running: true, signedInAccount: nil, screen: [ScreenElement(.text, "Not signed in"), ScreenElement(.button, "Sign in")], storage: [])
        }
        let name = account.accountClaims?["name"] ?? account.username ?? account.identifier ?? "Signed-in user"
        var screen = [ScreenElement(.text, "Signed in as \(name)"), ScreenElement(.text, account.username ?? "")]
        screen += records.map { ScreenElement(.text, "\($0.title): \($0.detail)") }
        screen.append(ScreenElement(.button, "Sign out"))
        return Observation(running: true, signedInAccount: account.identifier, screen: screen, storage: storage())
    }

    private func storage() -> [StoredItem] {
        guard let account else { return [] }
        var items = [StoredItem(.keychain, "session.account", account.identifier ?? "")]
        if let token { items.append(StoredItem(.memory, "session.accessToken", token)) }
        if !records.isEmpty { items.append(StoredItem(.file, "Documents/records.json", records.map(\.title).joined(separator: "\n"))) }
        return items
    }
}
