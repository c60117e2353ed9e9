import Foundation
import SingleLoginSeam

/// ShiftBoard's app core: lifecycle and taps in, the screen model and the container's files out.
///
/// The views and the app delegate call these functions; the conformance tests' adapter calls them
/// the same way. Everything of a worker lives under the app's ``Sandbox`` (shifts, caches,
/// defaults) or in memory, and all of it goes when the worker leaves.
public actor ShiftBoardApp {
    /// What the screen shows now.
    public private(set) var screen = ShiftBoardScreen()
    /// Whether the app is in the foreground or suspended (false before launch and after terminate).
    public private(set) var isRunning = false
    /// What the app left on the device's surfaces (notifications, Spotlight, pasteboard, widget, activities, the switcher).
    public private(set) var surfaces = DeviceSurfaces()

    private let sessions: SessionManager
    private let backend: any ShiftsService
    private let sandbox: Sandbox
    private let flaws: ShiftBoardFlaws
    /// How many times a worker was forgotten, or an account check found nobody before anything was
    /// kept: an answer to a call made before the last time is the previous worker's (a token or
    /// shifts that arrive late), and is dropped.
    private var generation = 0
    /// How many sign-ins have finished: one that finished while another was under way makes that one late.
    private var signIns = 0
    /// How many account checks have begun: only the latest decides. One answered after a newer one
    /// began (a resume's, held while the device changed hands and back) says who was on the device
    /// before the newer one asked.
    private var checksBegun = 0

    /// The app on `msal`, with `backend` and the container `sandbox`; `webview` gives the sheet's presentation context.
    public init(
        msal: any MSALPublicClientApplicationProtocol, backend: any ShiftsService, sandbox: Sandbox,
        webview: @escaping @Sendable () -> MSALWebviewParameters, flaws: ShiftBoardFlaws = []
    ) {
        self.sessions = SessionManager(msal: msal, webview: webview)
        self.backend = backend
        self.sandbox = sandbox
        self.flaws = flaws
    }

    /// The worker the app considers signed in (their account identifier), or nil.
    public var signedInIdentifier: String? {
        get async { isRunning ? await sessions.session?.account.identifier : nil }
    }

    /// What the app keeps in memory that would outlive a sign-out if it forgot it.
    public var memory: [String: String] {
        get async {
            guard isRunning, let session = await sessions.session else { return [:] }
            return [
                "session": "\(session.account.identifier ?? session.account.username ?? "") \(session.displayName) \(session.accessToken)",
                "shifts": screen.shifts.map(\.id).joined(separator: ","),
            ]
        }
    }

    // MARK: Lifecycle

    /// Cold launch: device mode, then who is signed in (a change may have happened while the app was not running).
    public func launch() async {
        isRunning = true
        surfaces.snapshot = nil
        if flaws.contains(.cachesDeviceMode), let kept = sandbox.defaults()["deviceMode"] {
            // The flawed launch: the mode the first launch stored, as if the device could not change it since.
            screen = ShiftBoardScreen(offersSignUp: kept == "default")
        } else {
            await sessions.detectDeviceMode()
            // Sign-up only on a device MSAL says is personal: an error is no reason for personal-device UI.
            let shared = await sessions.isSharedDevice
            screen = ShiftBoardScreen(offersSignUp: shared == false)
            if flaws.contains(.cachesDeviceMode), let shared { try? sandbox.setDefault(shared ? "shared" : "default", forKey: "deviceMode") }
        }
        await checkAccount()
    }

    /// Back to the foreground: the account may have changed while the app was away.
    public func resume() async {
        surfaces.snapshot = nil
        guard !flaws.contains(.skipsCheckOnResume) else { return }
        await checkAccount()
    }

    /// To the background (broadcasts are not delivered while suspended): iOS takes the switcher's
    /// snapshot, so on a device not known to be personal the cover goes up first.
    public func suspend() async {
        let shown = [screen.signedInName, screen.username].compactMap { $0 } + screen.shifts.map { "\($0.title) · \($0.detail)" }
        let covers = await sessions.isSharedDevice != false && !flaws.contains(.showsShiftsInSnapshot)
        surfaces.snapshot = covers ? DeviceSurfaces.cover : shown.joined(separator: "\n")
    }

    /// The process ends: memory is gone, the container stays.
    public func terminate() async {
        isRunning = false
        await sessions.forget()
        screen = ShiftBoardScreen()
    }

    /// The account-change broadcast (`SHARED_MODE_CURRENT_ACCOUNT_CHANGED`): check, and compare.
    public func accountChanged() async {
        await checkAccount()
    }

    // MARK: Taps

    /// "Sign in".
    public func tapSignIn() async {
        guard await sessions.session == nil else { return }
        await finishSignIn { try await $0.signIn() }
    }

    /// "Sign out": out of the device, and nothing of the worker stays.
    public func tapSignOut() async {
        guard let ended = await sessions.session else { return }
        await sessions.signOut()
        forgetWorker()
        if flaws.contains(.syncsNotesAfterSignOut) { await syncNotes(accessToken: ended.accessToken) }
    }

    /// Pull to refresh: a fresh token, then the shifts.
    public func refresh() async {
        if await sessions.session == nil {
            await checkAccount()
        } else {
            await finishSignIn { try await $0.refreshToken() }
        }
    }

    // MARK: Account checks

    private func checkAccount() async {
        let remembered = sandbox.defaults()["lastSignedInAccount"]
        let held = await sessions.session
        let known = held?.account.identifier ?? remembered
        checksBegun += 1
        let check = checksBegun
        let answer: Result<SessionManager.Change, any Error>
        do { answer = .success(try await sessions.checkCurrentAccount(knownIdentifier: known)) } catch { answer = .failure(error) }
        // Only the latest check decides, its failure as much as its answer.
        guard check == checksBegun || flaws.contains(.appliesLateAnswers) else { return }
        let change: SessionManager.Change
        do { change = try answer.get() } catch let error as MSALError where error.internalCode == MSALError.InternalCode.ambiguousAccount.rawValue {
            // A shared device signs in one worker at a time: more than one is for an administrator to fix.
            // The app picks neither: the session it held goes too, so that the next check, once the device
            // holds one account again, signs that worker in as after nobody.
            await sessions.forget()
            forgetWorker()
            screen.error = "More than one account is signed in on this device. Ask your administrator to sign them out."
            return
        } catch {
            screen.notice = "Can't reach Microsoft sign-in right now."
            return
        }
        switch change {
        case .unchanged:
            // Nobody on the device and nobody kept: nothing to forget, but a sign-in may be under way
            // (the launch's silent token, before a Jamf Reset): its answer is for someone no longer here.
            if known == nil { generation += 1 }
            return
        case .signedOut:
            await sessions.forget()
            forgetWorker()
            if flaws.contains(.syncsNotesAfterSignOut), let held { await syncNotes(accessToken: held.accessToken) }
        case let .signedIn(account):
            // Someone else (or someone, after nobody): nothing of the previous worker may stay.
            await sessions.forget()
            if known != nil, known != account.identifier { forgetWorker() }
            await finishSignIn { try await $0.signInSilently(account) }
        }
    }

    private func finishSignIn(_ attempt: @Sendable (SessionManager) async throws -> SessionManager.Session) async {
        let asked = (generation, signIns)
        do {
            let session = try await attempt(sessions)
            // The worker was forgotten, or another sign-in finished, while the token was under way:
            // it is the previous worker's, and goes nowhere.
            guard asked == (generation, signIns) || flaws.contains(.appliesLateAnswers) else { return }
            signIns += 1
            await sessions.accept(session)
            // Whoever holds the device completes a sign-in sheet, also one shown for the previous
            // worker after a user change the app could not see: a result for someone else is a new worker.
            if let previous = sandbox.defaults()["lastSignedInAccount"], previous != session.account.identifier { forgetWorker() }
            screen.error = nil
            screen.signedInName = session.displayName
            screen.username = session.account.username
            try? sandbox.setDefault(session.account.identifier, forKey: "lastSignedInAccount")
            await loadShifts(session)
        } catch  where asked != (generation, signIns) && !flaws.contains(.appliesLateAnswers) {
            return  // a late failure belongs to the previous worker too
        } catch SessionManager.Failure.cancelled {
            // Dismissing Microsoft's sheet is a normal outcome: stay signed out, show no error.
            screen.error = flaws.contains(.showsCancelAsError) ? "Sign-in was cancelled." : nil
        } catch SessionManager.Failure.unreachable {
            screen.notice = "You're offline. Pull to refresh to try again."
        } catch {
            screen.error = "Sign-in could not be completed. Please try again."
        }
    }

    private func loadShifts(_ session: SessionManager.Session) async {
        let asked = generation
        do {
            let shifts = try await backend.shifts(accessToken: session.accessToken)
            guard generation == asked || flaws.contains(.appliesLateAnswers) else { return }
            screen.shifts = shifts
            screen.notice = nil
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let json = String(decoding: try encoder.encode(shifts), as: UTF8.self)
            try sandbox.write(json, to: "Documents/shifts.json")
            try sandbox.write(json, to: "Library/Caches/shifts-\(session.account.identifier ?? "current").json")
            surfaces.publish(worker: session.displayName, shifts: shifts)
        } catch {
            screen.notice = "Couldn't load your shifts. Pull to refresh."
        }
    }

    /// The flawed final sync: the worker's unsent notes go to the backend with the ended session's
    /// token (its one call stands for the sync). The backend refuses it; the app ignores the answer.
    private func syncNotes(accessToken: String) async {
        _ = try? await backend.shifts(accessToken: accessToken)
    }

    /// Removes everything of the worker: MSAL clears only its own token cache.
    private func forgetWorker() {
        generation += 1
        if !flaws.contains(.keepsShiftsOnSignOut) { sandbox.remove("Documents/shifts.json") }
        sandbox.remove("Library/Caches")
        try? sandbox.setDefault(nil, forKey: "lastSignedInAccount")
        surfaces.clear(keeping: flaws.keptSurfaces)
        screen = ShiftBoardScreen(offersSignUp: screen.offersSignUp)
    }
}
