import Foundation
import SingleLoginAdapter

/// A conformant app that does the least the requirements allow, unlike the reference app: it never
/// retries on its own (an unchanged broadcast or resume after a failure or a dismissed sheet leaves
/// it signed out until the user refreshes or taps sign in), keeps no records file, and shows
/// failures as plain text. The oracle must not fire on it either.
///
/// With `promptsByItself`, an account check answered with InteractionRequired brings the sheet up
/// at once instead of waiting for a tap; a dismissed or failed sheet still leaves it signed out.
/// With `syncsAfterSheet`, a sign-in in the sheet is followed by a silent call for a second
/// resource, which brings the sheet up again by itself when it too needs interaction.
/// With `renewsOnResume` (a mistake), a resume renews the session's token instead of checking the
/// account, and a refusal (-50002) brings the sheet up.
/// With `singleFlight`, one account check at a time: one asked for meanwhile (a broadcast during a
/// held check) runs once the check under way answers, whose answer is then dropped; the follow-up
/// runs in the task of the check under way, so its calls are filed under that check's request.
/// (Only account checks are single-flight: a sheet's or a silent call's late answer is taken as it
/// comes, so random histories that hold those find it wanting; the oracle's tests hold checks only.)
/// With `restoresCheckedSession`, a launch whose account check names the user it stored a session
/// for shows that session at once, then renews it silently; a renewal that fails, or comes back
/// without an id token, leaves the session shown (offline-first).
actor MinimalApp {
    private let promptsByItself: Bool
    private let syncsAfterSheet: Bool
    private let renewsOnResume: Bool
    private let singleFlight: Bool
    private let restoresCheckedSession: Bool
    private var checking = false
    /// A check asked for while one was under way: whether it was a launch's (signs in the same account).
    private var owedCheck: Bool?
    private var environment: AppEnvironment?
    private var running = false
    private var shared = false
    private var lastSeen: String?
    private var session: (account: MSALAccount, token: String)?
    private var records: [UserRecord] = []
    private var keychain: [String: String] = [:]
    private var notice: String?
    private var problem: String?

    init(
        promptsByItself: Bool = false, syncsAfterSheet: Bool = false, renewsOnResume: Bool = false, singleFlight: Bool = false,
        restoresCheckedSession: Bool = false
    ) {
        self.promptsByItself = promptsByItself
        self.syncsAfterSheet = syncsAfterSheet
        self.renewsOnResume = renewsOnResume
        self.singleFlight = singleFlight
        self.restoresCheckedSession = restoresCheckedSession
    }

    func install(_ environment: AppEnvironment) {
        self.environment = environment
        running = false
        shared = false
        lastSeen = nil
        session = nil
        records = []
        keychain = [:]
        notice = nil
        problem = nil
        checking = false
        owedCheck = nil
    }

    func handle(_ event: AppEvent) async -> Observation {
        guard let broker = environment?.broker else { return observe() }
        switch event {
        case .launch:
            running = true
            lastSeen = nil
            session = nil
            records = []
            // A failure is no reason for personal-device UI: only a device that says it is personal gets it.
            do { shared = try await broker.getDeviceInformation().deviceMode == .shared } catch { shared = true }
            await check(broker, signInIfSame: true)
        case .resume where renewsOnResume && session != nil:
            await signInSilently(broker, session!.account, promptIfRequired: true)
        case .resume, .accountChangedBroadcast:
            await check(broker, signInIfSame: false)
        case .suspend:
            break
        case .terminate:
            running = false
            session = nil
            records = []
        case .tapSignIn:
            guard session == nil else { break }
            if let account = try? await broker.getCurrentAccount().account {
                await signInSilently(broker, account, promptIfRequired: true)
            } else {
                await signInInteractively(broker)
            }
        case .tapSignOut:
            guard let current = session else { break }
            try? await broker.signout(SignoutParameters(accountIdentifier: current.account.identifier))
            wipe()
        case .refresh:
            if let current = session {
                await signInSilently(broker, current.account, promptIfRequired: true)
            } else if let account = try? await broker.getCurrentAccount().account {
                await signInSilently(broker, account, promptIfRequired: true)
            }
        }
        return observe()
    }

    /// The account check: a change wipes and signs the new user in; the same account is left alone unless asked.
    private func check(_ broker: any SharedDeviceBroker, signInIfSame: Bool) async {
        guard singleFlight else {
            await checkNow(broker, signInIfSame: signInIfSame)
            return
        }
        if checking {
            owedCheck = (owedCheck ?? false) || signInIfSame
            return
        }
        checking = true
        defer { checking = false }
        var signInIfSame = signInIfSame
        // A check asked for meanwhile runs after this one, whether this one's answer was dropped (it
        // came after the request) or used (the request came while the answer was being acted on).
        while true {
            await checkNow(broker, signInIfSame: signInIfSame, dropIf: { self.owedCheck != nil })
            guard let owed = owedCheck else { break }
            owedCheck = nil
            signInIfSame = owed
        }
    }

    /// One check; it does nothing with the answer when `dropIf` says, once the answer is in, that a
    /// later check is owed (the answer under way is dropped).
    private func checkNow(_ broker: any SharedDeviceBroker, signInIfSame: Bool, dropIf: () -> Bool = { false }) async {
        let current: CurrentAccount
        do {
            current = try await broker.getCurrentAccount()
            if dropIf() { return }
        } catch let error as MSALError where error.isInternal(.ambiguousAccount) {
            wipe()
            lastSeen = nil
            problem = "More than one account is signed in on this iPad."
            return
        } catch { notice = "Offline"; return }
        problem = nil
        let known = session?.account.identifier ?? keychain["account"]
        guard let account = current.account else {
            if known != nil || !records.isEmpty { wipe() }
            lastSeen = nil
            return
        }
        let changed = account.identifier != (known ?? lastSeen)
        lastSeen = account.identifier
        if let known, known != account.identifier { wipe() }
        if restoresCheckedSession, signInIfSame, session == nil, keychain["account"] == account.identifier, let token = keychain["token"] {
            session = (account, token)
            await signInSilently(broker, account, promptIfRequired: true)
            return
        }
        if session?.account.identifier == account.identifier { return }
        if changed || signInIfSame { await signInSilently(broker, account, promptIfRequired: signInIfSame || promptsByItself) }
    }

    private func signInSilently(_ broker: any SharedDeviceBroker, _ account: MSALAccount, promptIfRequired: Bool) async {
        do {
            adopt(try await broker.acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read", "Tasks.Read"], accountIdentifier: account.identifier)))
            await load()
        } catch let error as MSALError where error.isInteractionRequired {
            if promptIfRequired { await signInInteractively(broker) }
        } catch {
            notice = "Offline"
        }
    }

    private func signInInteractively(_ broker: any SharedDeviceBroker) async {
        guard let result = try? await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], extraScopesToConsent: ["Tasks.Read"])) else {
            return
        }
        adopt(result)
        await load()
        guard syncsAfterSheet else { return }
        do {
            _ = try await broker.acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read", "Tasks.Read"], accountIdentifier: result.account.identifier))
        } catch let error as MSALError where error.isInteractionRequired {
            await signInInteractively(broker)
        } catch {}
    }

    private func adopt(_ result: MSALResult) {
        guard result.idToken != nil else { notice = "Could not sign in"; return }
        if let known = session?.account.identifier ?? keychain["account"], known != result.account.identifier { wipe() }
        session = (result.account, result.accessToken)
        lastSeen = result.account.identifier
        keychain = ["account": result.account.identifier ?? "", "token": result.accessToken]
        notice = nil
    }

    private func load() async {
        guard let current = session, let backend = environment?.backend else { return }
        records = (try? await backend.fetchRecords(accessToken: current.token)) ?? records
    }

    private func wipe() {
        session = nil
        records = []
        keychain = [:]
        notice = nil
    }

    func observe() -> Observation {
        guard running else {
            return Observation(
                running: false, signedInAccount: nil, screen: [], storage: keychain.sorted { $0.key < $1.key }.map { StoredItem(.keychain, $0.key, $0.value) })
        }
        var screen: [ScreenElement] = []
        if let current = session {
            screen.append(ScreenElement(.text, current.account.accountClaims?["name"] ?? current.account.username ?? ""))
            screen += records.map { ScreenElement(.text, $0.title) }
            screen.append(ScreenElement(.button, "Sign out"))
        } else {
            screen.append(ScreenElement(.button, "Sign in"))
            if !shared { screen.append(ScreenElement(.button, "Sign up")) }
        }
        if let notice { screen.append(ScreenElement(.text, notice)) }
        if let problem { screen.append(ScreenElement(.error, problem)) }
        var storage = keychain.sorted { $0.key < $1.key }.map { StoredItem(.keychain, $0.key, $0.value) }
        if let current = session { storage.append(StoredItem(.memory, "session", current.account.identifier ?? "")) }
        return Observation(running: true, signedInAccount: session?.account.identifier, screen: screen, storage: storage)
    }
}
