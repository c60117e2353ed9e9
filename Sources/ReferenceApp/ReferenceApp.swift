import Foundation
import SingleLoginAdapter

/// A small Single Login app core written the way Microsoft's shared-device guidance says,
/// against the MSAL-shaped ``SharedDeviceBroker``.
///
/// It is the harness's reference: with no flaws it passes every MUST and SHOULD of the
/// shipped spec, and so does every ``ReferenceAppOption``. Each ``ReferenceAppFlaw`` switches
/// on one real mistake.
public actor ReferenceApp {
    /// The scopes of the interactive sign-in.
    public static let signInScopes = ["User.Read"]
    /// The scope the app's data needs; consented up front so that a session costs one prompt.
    public static let dataScopes = ["Tasks.Read"]
    /// The backend's scope when the app calls two resources (``ReferenceAppOption/twoResources``).
    public static let backendScope = "api://northwind-tasks/Tasks.Read"

    let flaws: Set<ReferenceAppFlaw>
    let options: Set<ReferenceAppOption>
    var environment: AppEnvironment?
    var storage = AppStorage()
    var memory = AppMemory()
    var surfaces = AppSurfaces()
    /// Each user's records by account identifier, kept only with ``ReferenceAppFlaw/restoresRecordsOnReturn``:
    /// a cache the adapter does not report and no sign-out or user change clears.
    var recordsByUser: [String: [UserRecord]] = [:]
    var running = false
    var crashed = false
    /// How many times the app has wiped a user: an answer to a call made before the last wipe is
    /// the previous user's, and is dropped (the generation it was asked in is no longer current).
    var generation = 0
    /// How many account checks the app has begun: only the latest decides. An earlier one answered
    /// after it (held across a user change and back) says who was there before the newer one asked.
    var checksBegun = 0
    /// Whether an account check is under way, and the reason of the one asked for meanwhile (only
    /// ``ReferenceAppOption/coalescesAccountChecks`` keeps them: it runs one check at a time).
    var checkUnderWay = false
    var followUp: Reason?
    /// How many times the app's process has ended: a check the ended process made, answered later,
    /// starts no follow-up in the next one.
    var processesEnded = 0
    /// How many silent sign-ins' token calls are under way, and whether a broadcast came meanwhile
    /// (only ``ReferenceAppOption/finishesSignInBeforeFollowing`` counts them, and defers the
    /// broadcast until they have answered).
    var signInsUnderWay = 0
    var broadcastDuringSignIn = false
    /// Whether the previous user is wiped only once the new user's silent token answers (only
    /// ``ReferenceAppFlaw/wipesWhenNewUserTokenAnswers`` waits so).
    var previousUserAwaitsWipe = false
    /// Whether this launch's account check has answered (only ``ReferenceAppFlaw/listensAfterLaunchCheck``
    /// waits for it before it listens to the broadcast).
    var launchCheckAnswered = false
    /// The device mode of the default-mode object MSAL returned beside this launch's
    /// getDeviceInformation error (kept only by ``ReferenceAppFlaw/trustsDeviceInfoOnErrorAfterSignOut``).
    var modeBesideError: Bool?

    /// Creates the app with the given flaws (none: the reference behaviour) and options.
    public init(flaws: Set<ReferenceAppFlaw> = [], options: Set<ReferenceAppOption> = []) {
        self.flaws = flaws
        self.options = options
    }

    /// A fresh install that will use `environment`.
    public func install(_ environment: AppEnvironment) {
        self.environment = environment
        storage = AppStorage()
        memory = AppMemory()
        surfaces = AppSurfaces()
        recordsByUser = [:]
        generation = 0
        checksBegun = 0
        checkUnderWay = false
        followUp = nil
        (signInsUnderWay, broadcastDuringSignIn) = (0, false)
        processesEnded = 0
        launchCheckAnswered = false
        modeBesideError = nil
        running = false
        crashed = false
    }

    /// Handles one event and returns once every call it started has been answered. The actor is
    /// reentrant: while a call waits for a held answer, another event is handled, as on a device.
    public func handle(_ event: AppEvent) async -> Observation {
        switch event {
        case .launch:
            running = true
            crashed = false
            surfaces.snapshot = nil
            launchCheckAnswered = false
            modeBesideError = nil
            await detectSharedMode()
            if flaws.contains(.restoresSessionAtLaunch), restoreStoredSession() { break }
            // The flawed launch: the stored session is drawn at once, and the check only corrects it.
            if flaws.contains(.showsStoredSessionBeforeCheck) { _ = restoreStoredSession() }
            await checkAccount(.launch)
        case .suspend:
            // iOS takes the switcher's snapshot now; on a shared device (or one not known to be
            // personal) the scene's cover hides the user's data before it does.
            let covers = memory.isSharedDevice != false && !flaws.contains(.showsDataInSnapshot)
            surfaces.snapshot = covers ? [AppSurfaces.cover] : screen().map(\.text)
        case .resume:
            surfaces.snapshot = nil
            if flaws.contains(.checksWithSilentTokenOnResume), let session = memory.session {
                // The flawed check: a silent token is taken for proof that the user is still signed in.
                if (try? await silentTokens(for: session.account)) == nil { wipe(farewell: nil) }
            } else if !flaws.contains(.skipsCheckOnResume) {
                await checkAccount(.resume)
            }
        case .terminate:
            running = false
            processesEnded += 1
            (checkUnderWay, followUp) = (false, nil)
            (signInsUnderWay, broadcastDuringSignIn) = (0, false)
            memory = AppMemory()
        case .tapSignIn:
            await signIn()
        case .tapSignOut:
            await signOut()
        case .refresh:
            if let session = memory.session { await loadData(for: session.account) } else { await checkAccount(.refresh) }
        case .accountChangedBroadcast:
            guard !flaws.contains(.ignoresBroadcast) else { break }
            if flaws.contains(.ignoresBroadcastWhenSignedOut), memory.session == nil { break }
            if flaws.contains(.listensAfterLaunchCheck), !launchCheckAnswered { break }
            if options.contains(.finishesSignInBeforeFollowing), signInsUnderWay > 0 {
                broadcastDuringSignIn = true
                break
            }
            if flaws.contains(.wipesOnUnchangedBroadcast) {
                memory.records = []
                storage.files.removeAll()
                storage.cache.removeAll()
            }
            await checkAccount(.broadcast)
        }
        return observe()
    }

    /// What the app shows and stores now.
    public func observe() -> Observation {
        let signedIn = memory.session.map { options.contains(.usernameAsSignedInAccount) ? ($0.account.username ?? $0.identifier) : $0.identifier }
        return Observation(
            running: running, crashed: crashed, signedInAccount: running ? signedIn : nil, screen: running ? screen() : [], storage: storedItems())
    }

    var broker: any SharedDeviceBroker { environment!.broker }

    // MARK: Shared mode

    /// getDeviceInformation at every launch; an error is no reason for personal-device UI.
    private func detectSharedMode() async {
        guard !flaws.contains(.skipsDeviceInformation) else {
            memory.isSharedDevice = true
            return
        }
        if flaws.contains(.cachesDeviceModeAcrossLaunches), let kept = storage.defaults["deviceMode"] {
            // The flawed launch: the mode the first launch stored, as if the device could not change it since.
            memory.isSharedDevice = kept == "shared"
            return
        }
        do {
            memory.isSharedDevice = try await broker.getDeviceInformation().deviceMode == .shared
        } catch let error as MSALError {
            // MSAL hands over a default-mode object beside an SSO-extension error: it says nothing about the device.
            let besideError = error.deviceInformation.map { $0.deviceMode == .shared }
            memory.isSharedDevice = flaws.contains(.trustsDeviceInfoOnError) ? besideError : nil
            if flaws.contains(.trustsDeviceInfoOnErrorAfterSignOut) { modeBesideError = besideError }
        } catch {
            memory.isSharedDevice = nil
        }
        if flaws.contains(.cachesDeviceModeAcrossLaunches), let shared = memory.isSharedDevice {
            storage.defaults["deviceMode"] = shared ? "shared" : "default"
        }
    }

    // MARK: Account checks (every launch, resume and broadcast)

    /// Why the account is checked.
    enum Reason { case launch, resume, broadcast, refresh }

    /// Asks the broker who is signed in and reconciles the app with it: Microsoft requires this
    /// at every launch, resume and broadcast, because a change can happen while the app is away.
    /// With ``ReferenceAppOption/coalescesAccountChecks``, a check asked for while one is under way
    /// runs once that one has answered, and decides in its place.
    func checkAccount(_ reason: Reason) async {
        if options.contains(.coalescesAccountChecks) {
            guard !checkUnderWay else {
                followUp = reason
                return
            }
            checkUnderWay = true
        }
        await checkAccountNow(reason)
    }

    /// With ``ReferenceAppOption/coalescesAccountChecks``, once a check of process `process` has
    /// answered: the check asked for meanwhile, which is then made at once and decides in its place.
    private func followUpCheck(of process: Int) -> Reason? {
        guard options.contains(.coalescesAccountChecks), process == processesEnded else { return nil }
        checkUnderWay = false
        defer { followUp = nil }
        return followUp
    }

    /// One account check (``checkAccount(_:)``).
    private func checkAccountNow(_ reason: Reason) async {
        let process = processesEnded
        let current: CurrentAccount
        // A check answered after the app wiped or began another sign-in is older than what the app
        // knows now (a later check's): dropped.
        let asked = generation
        checksBegun += 1
        let check = checksBegun
        // Whether no newer check has begun since this one (only the latest decides).
        var latest: Bool { check == checksBegun || flaws.contains(.appliesSupersededAccountCheck) }
        if flaws.contains(.trustsAccountCache), let cached = try? await broker.allAccounts(), let first = cached.first {
            current = CurrentAccount(account: first, previousAccount: nil)
        } else {
            do {
                defer { if reason == .launch { launchCheckAnswered = true } }
                current = try await broker.getCurrentAccount()
            } catch let error as MSALError {
                if let next = followUpCheck(of: process) { return await checkAccount(next) }
                guard generation == asked, latest else { return }
                await accountCheckFailed(error)
                return
            } catch {
                if let next = followUpCheck(of: process) { return await checkAccount(next) }
                return
            }
        }
        if let next = followUpCheck(of: process) { return await checkAccount(next) }
        guard generation == asked, latest else { return }
        guard let account = current.account, let identifier = account.identifier else {
            // Signed out elsewhere (or never signed in): nothing of anyone may remain.
            let endedToken = memory.session?.accessToken ?? storage.keychain["session.accessToken"]
            if memory.session != nil || storage.hasUserData {
                wipe(farewell: memory.session?.displayName)
            } else {
                // Nothing to wipe yet, but a sign-in may be under way (the launch's silent token, held):
                // its answer is for someone no longer on the device, and is dropped all the same.
                if !flaws.contains(.appliesLateSignInAfterEmptyReset) { generation += 1 }
            }
            memory.errorMessage = nil
            if flaws.contains(.syncsDraftsAfterSignOut), let endedToken { await syncDrafts(accessToken: endedToken) }
            if reason == .launch, flaws.contains(.promptsAtFirstLaunch) { await signInInteractively(account: nil) }
            return
        }
        // Compare identifiers with the app's own session, never previousAccount with account: previousAccount
        // is non-nil whenever an earlier call saw someone, and differs after the app's own sign-in.
        var known = memory.session?.identifier ?? storage.keychain["session.account"]
        if flaws.contains(.rebuildsOnOwnSignInBroadcast), reason == .broadcast, current.previousAccount?.identifier != identifier {
            known = current.previousAccount?.identifier ?? "(none)"
        }
        if flaws.contains(.comparesUsersByDisplayName), let known, known != identifier, let probe = try? await silentTokens(for: account),
            probe.signIn.idToken != nil
        {
            // The flawed check: asks the new account's token for its name and takes the same name for the same person.
            // A token that answers after a later wipe is dropped, as everywhere else: that is another mistake.
            if generation == asked { await adopt(probe.signIn, backendToken: probe.backend) }
            return
        }
        if flaws.contains(.comparesUsernamesCaseSensitively), let kept = storage.defaults["lastUsername"], kept != account.username {
            // The flawed check: the username it kept lower-cased, compared as typed, looks like another user.
            wipe(farewell: nil)
        }
        if flaws.contains(.provesUserBySilentToken), let session = memory.session, session.identifier != identifier,
            (try? await silentTokens(for: session.account)) != nil
        {
            // The flawed check: the known user's silent token, answered, is taken for proof that they are still the one signed in.
            return
        }
        if let known, known != identifier {
            if flaws.contains(.sendsPreviousTokenAfterUserChange), let stale = memory.session?.accessToken ?? storage.keychain["session.accessToken"] {
                // The backend answers 401 for an ended session's token; the app then carries on as if nothing happened.
                _ = try? await environment!.backend.fetchRecords(accessToken: stale)
            }
            if flaws.contains(.keepsDataOnUserChange) {
                memory.session = nil
            } else if flaws.contains(.wipesWhenNewUserTokenAnswers) {
                previousUserAwaitsWipe = true
            } else {
                wipe(farewell: nil, handingOver: true)
            }
        }
        if memory.session?.identifier == identifier {
            if reason == .resume, options.contains(.refreshesOnResume) { await loadData(for: account) }
            return
        }
        if flaws.contains(.showsAccountBeforeToken) {
            memory.session = AppMemory.Session(account: account, displayName: account.username ?? "Signed-in user", accessToken: "")
        }
        // A sign-in begins: an answer still under way from an earlier one (for whoever the app saw
        // before) is dropped when it arrives.
        generation += 1
        if reason == .launch, flaws.contains(.promptsAtLaunch) || signInIsOverAShiftOld {
            await signInInteractively(account: account)
        } else {
            await signInSilently(account, begunBy: reason)
        }
    }

    private func accountCheckFailed(_ error: MSALError) async {
        if flaws.contains(.ignoresAccountErrors) {
            wipe(farewell: nil)
            return
        }
        if error.isInternal(.ambiguousAccount) {
            // More than one account on a shared device: the app must not pick one.
            if memory.session != nil || storage.hasUserData { wipe(farewell: nil) }
            memory.errorMessage = "More than one account is signed in on this device. Ask your administrator to reset it."
            return
        }
        if flaws.contains(.promptsOnNetworkError) {
            await signInInteractively(account: nil)
            return
        }
        memory.banner = "Can't reach Microsoft sign-in right now. Pull to refresh."
    }

    /// The flawed launch: the session the app stored, shown without asking the broker.
    private func restoreStoredSession() -> Bool {
        guard let identifier = storage.keychain["session.account"], let token = storage.keychain["session.accessToken"] else { return false }
        let name = storage.keychain["session.displayName"] ?? "Signed-in user"
        let account = MSALAccount(username: storage.defaults["lastUsername"], homeAccountId: MSALAccountId(parsing: identifier))
        memory.session = AppMemory.Session(account: account, displayName: name, accessToken: token)
        if let json = storage.files["Documents/records.json"], let records = try? JSONDecoder().decode([UserRecord].self, from: Data(json.utf8)) {
            memory.records = records
        }
        return true
    }

    /// Removes the app's own session, caches, files, keychain items and everything displayed:
    /// MSAL clears only its own token cache. `handingOver`: another user is taking the device.
    func wipe(farewell: String?, handingOver: Bool = false) {
        generation += 1
        previousUserAwaitsWipe = false
        let keptFiles = flaws.contains(.leavesRecordsFile) ? storage.files : [:]
        var leftForNextSync: Set<StoredItem.Area> = []
        if handingOver, flaws.contains(.leavesWidgetForNextUser) { leftForNextSync.insert(.widget) }
        if handingOver, flaws.contains(.leavesSurfacesForNextUser) { leftForNextSync.formUnion(AppSurfaces.rebuiltBySync) }
        if let now = environment?.clock.now() { surfaces.deliverDue(at: now) }
        surfaces.clear(
            keeping: Set(flaws.compactMap(\.keptSurface)), leavingForNextSync: leftForNextSync, keepingDelivered: flaws.contains(.leavesDeliveredNotifications))
        storage = AppStorage()
        storage.files = keptFiles
        let shared = memory.isSharedDevice
        memory = AppMemory()
        memory.isSharedDevice = modeBesideError ?? shared
        if flaws.contains(.leavesNameOnScreen), let farewell { memory.farewell = "Goodbye, \(farewell)" }
    }

    func show(_ error: any Error) {
        if let error = error as? MSALError, error.domain == MSALError.urlDomain {
            memory.banner = "You're offline. Pull to refresh when you're connected."
        } else if let error = error as? MSALError, error.isUserCanceled {
            memory.errorMessage = "Sign-in failed: user cancelled (\(error.code))"
        } else if let error = error as? MSALError, error.isInternal(.ambiguousAccount) {
            memory.errorMessage = "More than one account is signed in on this device. Ask your administrator to reset it."
        } else {
            memory.errorMessage = "Something went wrong. Please try again."
        }
    }

    // MARK: Observation

    private func screen() -> [ScreenElement] {
        var elements: [ScreenElement] = []
        if let session = memory.session {
            elements.append(ScreenElement(.text, "Signed in as \(session.displayName)"))
            if let username = session.account.username { elements.append(ScreenElement(.text, username)) }
            // Marked as records (protocol 1.6), so that `signedIn` finds the user in the lines above.
            elements += memory.records.map { ScreenElement.record("\($0.title): \($0.detail)") }
            elements.append(ScreenElement(.button, "Refresh"))
            elements.append(ScreenElement(.button, "Sign out"))
            if flaws.contains(.showsSwitchAccountWhenSignedIn) { elements.append(ScreenElement(.button, "Switch account")) }
        } else {
            elements.append(ScreenElement(.text, "Not signed in"))
            if options.contains(.registeredBanner) { elements.append(ScreenElement(.text, "This iPad is registered to Northwind Field Services.")) }
            elements.append(ScreenElement(.button, "Sign in"))
            if memory.isSharedDevice == false || flaws.contains(.showsSignUpWhenShared) { elements.append(ScreenElement(.button, "Sign up")) }
        }
        if let farewell = memory.farewell { elements.append(ScreenElement(.text, farewell)) }
        if let banner = memory.banner { elements.append(ScreenElement(.text, banner)) }
        if let message = memory.errorMessage { elements.append(ScreenElement(.error, message)) }
        return elements
    }

    private func storedItems() -> [StoredItem] {
        if let now = environment?.clock.now() { surfaces.deliverDue(at: now) }
        var items: [StoredItem] = []
        items += storage.keychain.sorted { $0.key < $1.key }.map { StoredItem(.keychain, $0.key, $0.value) }
        items += storage.files.sorted { $0.key < $1.key }.map { StoredItem(.file, $0.key, $0.value) }
        items += storage.defaults.sorted { $0.key < $1.key }.map { StoredItem(.defaults, $0.key, $0.value) }
        items += storage.cache.sorted { $0.key < $1.key }.map { StoredItem(.cache, $0.key, $0.value) }
        if running, let session = memory.session {
            items.append(StoredItem(.memory, "session", "\(session.identifier) \(session.displayName) \(session.accessToken)"))
            items.append(StoredItem(.memory, "records", memory.records.map(\.id).joined(separator: ",")))
        }
        return items + surfaces.storedItems
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
        /// When the app got `accessToken`, on the device's clock (kept by `keepsTokenUntilRefused`).
        var tokenAt: Date?

        /// The account's identifier (opaque); empty when MSAL gave none.
        var identifier: String { account.identifier ?? "" }
    }

    var session: Session?
    var records: [UserRecord] = []
    var isSharedDevice: Bool?
    var banner: String?
    var errorMessage: String?
    var farewell: String?
    /// Whether the declined-scopes flaw has already presented the sheet again (it does so once).
    var reprompted = false
    /// Whether the user dismissed the sheet in this process (only the cancellation flaw remembers it).
    var cancelled = false
}
