import Foundation
import SingleLoginAdapter

/// A small Single Login app core written the way Microsoft's shared-device guidance says,
/// against the MSAL-shaped ``SharedDeviceBroker``.
///
/// It is the harness's reference: with no flaws it passes every MUST and SHOULD of the
/// shipped spec. Each ``ReferenceAppFlaw`` switches on one real mistake.
public actor ReferenceApp {
    /// The scopes of the interactive sign-in.
    public static let signInScopes = ["User.Read"]
    /// The scope the app's data needs; consented up front so that a session costs one prompt.
    public static let dataScopes = ["Tasks.Read"]

    private let flaws: Set<ReferenceAppFlaw>
    private var environment: AppEnvironment?
    private var storage = AppStorage()
    private var memory = AppMemory()
    private var running = false
    private var crashed = false

    /// Creates the app with the given flaws (none: the reference behaviour).
    public init(flaws: Set<ReferenceAppFlaw> = []) { self.flaws = flaws }

    /// A fresh install that will use `environment`.
    public func install(_ environment: AppEnvironment) {
        self.environment = environment
        storage = AppStorage()
        memory = AppMemory()
        running = false
        crashed = false
    }

    /// Handles one event and returns once every call it started has been answered.
    public func handle(_ event: AppEvent) async -> Observation {
        switch event {
        case .launch:
            running = true
            crashed = false
            if !flaws.contains(.skipsDeviceInformation) {
                memory.isSharedDevice = (try? await broker.getDeviceInformation())?.deviceMode == .shared
            } else {
                memory.isSharedDevice = true
            }
            await checkAccount(atLaunch: true)
        case .suspend:
            break
        case .resume:
            if !flaws.contains(.skipsCheckOnResume) { await checkAccount(atLaunch: false) }
        case .terminate:
            running = false
            memory = AppMemory()
        case .tapSignIn:
            await signIn()
        case .tapSignOut:
            await signOut()
        case .refresh:
            if let session = memory.session { await loadData(for: session.account) } else { await checkAccount(atLaunch: false) }
        case .accountChangedBroadcast:
            guard !flaws.contains(.ignoresBroadcast) else { break }
            if flaws.contains(.wipesOnUnchangedBroadcast) {
                memory.records = []
                storage.files.removeAll()
                storage.cache.removeAll()
            }
            await checkAccount(atLaunch: false)
        }
        return observe()
    }

    /// What the app shows and stores now.
    public func observe() -> Observation {
        Observation(running: running, crashed: crashed, signedInAccount: running ? memory.session?.account.identifier : nil, screen: running ? screen() : [], storage: storedItems())
    }

    // MARK: Account checks (every launch, resume and broadcast)

    private var broker: any SharedDeviceBroker { environment!.broker }

    /// Asks the broker who is signed in and reconciles the app with it: Microsoft requires this
    /// at every launch, resume and broadcast, because a change can happen while the app is away.
    private func checkAccount(atLaunch: Bool) async {
        let current: CurrentAccount
        do { current = try await broker.getCurrentAccount() } catch {
            memory.banner = "Can't reach Microsoft sign-in right now."
            return
        }
        guard let account = current.account else {
            // Signed out elsewhere (or never signed in): nothing of anyone may remain.
            if memory.session != nil || storage.hasUserData { wipe(farewell: memory.session?.displayName) }
            return
        }
        // Compare identifiers, never trust previousAccount alone: it is non-nil even when nothing changed.
        let known = memory.session?.account.identifier ?? storage.keychain["session.account"]
        if let known, known != account.identifier {
            if !flaws.contains(.keepsDataOnUserChange) { wipe(farewell: nil) } else { memory.session = nil }
        }
        if memory.session?.account.identifier == account.identifier { return }
        if atLaunch, flaws.contains(.promptsAtLaunch) {
            await signInInteractively(loginHint: account.username)
        } else {
            await signInSilently(account)
        }
    }

    // MARK: Sign-in

    private func signIn() async {
        guard memory.session == nil else { return }
        if let account = try? await broker.getCurrentAccount().account {
            await signInSilently(account)
        } else {
            await signInInteractively(loginHint: nil)
        }
    }

    private func signInSilently(_ account: MSALAccount) async {
        do {
            let result = try await broker.acquireTokenSilent(SilentTokenParameters(scopes: Self.signInScopes + Self.dataScopes, accountIdentifier: account.identifier))
            await adopt(result)
        } catch let error as MSALError where error.isInteractionRequired || flaws.contains(.promptsOnNetworkError) {
            // Only InteractionRequired justifies the sheet.
            await signInInteractively(loginHint: account.username)
        } catch {
            show(error)
        }
    }

    private func signInInteractively(loginHint: String?) async {
        let extra = flaws.contains(.asksScopesLate) ? [] : Self.dataScopes
        do {
            let result = try await broker.acquireToken(InteractiveTokenParameters(scopes: Self.signInScopes, extraScopesToConsent: extra, loginHint: loginHint))
            await adopt(result)
        } catch let error as MSALError where error.isUserCanceled && !flaws.contains(.showsCancelAsError) {
            // The user dismissed the sheet: a normal outcome, the app stays signed out and usable.
            memory.errorMessage = nil
        } catch {
            show(error)
        }
    }

    private func adopt(_ result: MSALResult) async {
        guard let idToken = result.idToken else {
            if flaws.contains(.crashesOnMissingIdToken) {
                // What `result.idToken!` does on a device.
                crashed = true
                running = false
                memory = AppMemory()
                return
            }
            memory.errorMessage = "Sign-in could not be completed. Please try again."
            return
        }
        let displayName = result.account.accountClaims["name"] ?? result.account.username ?? "Signed-in user"
        memory.session = AppMemory.Session(account: result.account, displayName: displayName, accessToken: result.accessToken)
        memory.errorMessage = nil
        storage.keychain["session.account"] = result.account.identifier
        storage.keychain["session.accessToken"] = result.accessToken
        storage.keychain["session.idToken"] = idToken
        storage.defaults["lastUsername"] = result.account.username ?? ""
        await fetchRecords(accessToken: result.accessToken, account: result.account)
    }

    /// Refresh: a token again (silently), then the records.
    private func loadData(for account: MSALAccount) async {
        let scopes = Self.signInScopes + Self.dataScopes
        do {
            let result = try await broker.acquireTokenSilent(SilentTokenParameters(scopes: scopes, accountIdentifier: account.identifier))
            await fetchRecords(accessToken: result.accessToken, account: account)
        } catch let error as MSALError where error.isInteractionRequired || flaws.contains(.promptsOnNetworkError) {
            await signInInteractively(loginHint: account.username)
        } catch {
            show(error)
        }
    }

    private func fetchRecords(accessToken: String, account: MSALAccount) async {
        do {
            let records = try await environment!.backend.fetchRecords(accessToken: accessToken)
            memory.records = records
            memory.banner = nil
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let json = (try? encoder.encode(records)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            storage.files["Documents/records.json"] = json
            storage.cache["records/\(account.identifier)"] = json
        } catch {
            show(error)
        }
    }

    // MARK: Sign-out

    private func signOut() async {
        guard let session = memory.session else { return }
        // Global sign-out: the broker signs the account out device-wide and tells every app.
        try? await broker.signout(SignoutParameters(accountIdentifier: session.account.identifier))
        wipe(farewell: session.displayName)
    }

    /// Removes the app's own session, caches, files, keychain items and everything displayed:
    /// MSAL clears only its own token cache.
    private func wipe(farewell: String?) {
        let keptFiles = flaws.contains(.leavesRecordsFile) ? storage.files : [:]
        storage = AppStorage()
        storage.files = keptFiles
        let shared = memory.isSharedDevice
        memory = AppMemory()
        memory.isSharedDevice = shared
        if flaws.contains(.leavesNameOnScreen), let farewell { memory.farewell = "Goodbye, \(farewell)" }
    }

    private func show(_ error: any Error) {
        if let error = error as? MSALError, error.domain == MSALError.urlDomain {
            memory.banner = "You're offline. Pull to refresh when you're connected."
        } else if let error = error as? MSALError, error.isUserCanceled {
            memory.errorMessage = "Sign-in failed: user cancelled (\(error.code))"
        } else {
            memory.errorMessage = "Something went wrong. Please try again."
        }
    }

    // MARK: Observation

    private func screen() -> [ScreenElement] {
        var elements: [ScreenElement] = []
        if let session = memory.session {
            elements.append(ScreenElement(.text, "Signed in as \(session.displayName)"))
            elements.append(ScreenElement(.text, session.account.username ?? ""))
            elements += memory.records.map { ScreenElement(.text, "\($0.title): \($0.detail)") }
            elements.append(ScreenElement(.button, "Refresh"))
            elements.append(ScreenElement(.button, "Sign out"))
        } else {
            elements.append(ScreenElement(.text, "Not signed in"))
            elements.append(ScreenElement(.button, "Sign in"))
            if memory.isSharedDevice != true || flaws.contains(.showsSignUpWhenShared) { elements.append(ScreenElement(.button, "Sign up")) }
        }
        if let farewell = memory.farewell { elements.append(ScreenElement(.text, farewell)) }
        if let banner = memory.banner { elements.append(ScreenElement(.text, banner)) }
        if let message = memory.errorMessage { elements.append(ScreenElement(.error, message)) }
        return elements
    }

    private func storedItems() -> [StoredItem] {
        var items: [StoredItem] = []
        items += storage.keychain.sorted { $0.key < $1.key }.map { StoredItem(.keychain, $0.key, $0.value) }
        items += storage.files.sorted { $0.key < $1.key }.map { StoredItem(.file, $0.key, $0.value) }
        items += storage.defaults.sorted { $0.key < $1.key }.map { StoredItem(.defaults, $0.key, $0.value) }
        items += storage.cache.sorted { $0.key < $1.key }.map { StoredItem(.cache, $0.key, $0.value) }
        if running, let session = memory.session {
            items.append(StoredItem(.memory, "session", "\(session.account.identifier) \(session.displayName) \(session.accessToken)"))
            items.append(StoredItem(.memory, "records", memory.records.map(\.id).joined(separator: ",")))
        }
        return items
    }
}

/// What the app keeps across launches.
struct AppStorage {
    var keychain: [String: String] = [:]
    var files: [String: String] = [:]
    var defaults: [String: String] = [:]
    var cache: [String: String] = [:]

    var hasUserData: Bool { !(keychain.isEmpty && files.isEmpty && defaults.isEmpty && cache.isEmpty) }
}

/// What the app holds while it runs.
struct AppMemory {
    struct Session {
        var account: MSALAccount
        var displayName: String
        var accessToken: String
    }

    var session: Session?
    var records: [UserRecord] = []
    var isSharedDevice: Bool?
    var banner: String?
    var errorMessage: String?
    var farewell: String?
}
