import Foundation
import SingleLoginAdapter

/// Field Notes: a notes app for frontline workers on shared iPads, as a vendor would write it
/// from the Shared Device Mode guidance. See ``FieldNotesBuild`` for its builds.
actor FieldNotesApp {
    /// Where the app is.
    enum Phase {
        case closed
        case signedOut
        case signedIn(Profile)
        /// The device is in a state the app cannot resolve (more than one account).
        case blocked(String)
    }

    /// Who is signed in, as the app holds it.
    struct Profile: Codable {
        var account: MSALAccount
        var name: String
        var notesToken: String
    }

    static let graphScope = "User.Read"
    static let notesScope = "api://fieldnotes/Notes.ReadWrite"

    let build: FieldNotesBuild
    var environment: AppEnvironment!
    var phase = Phase.closed
    var isShared = true
    var notes: [UserRecord] = []
    var notice: String?
    var problem: String?
    var crashed = false
    /// The vault survives the process: keychain, files and defaults.
    var keychain: [String: String] = [:]
    var files: [String: String] = [:]
    var defaults: [String: String] = [:]
    /// The first account this process saw (only the stale-log-out mistake uses it).
    var firstAccountSeen: String?
    var repromptedOnce = false
    /// The sheet waits for the user's tap on "Continue as ..." (``FieldNotesBuild/Style/continuesOnTap``).
    var sheetWaitsForTap: MSALAccount?
    /// What the log-out says (only the first-name farewell mistake says anything).
    var farewell: String?

    init(build: FieldNotesBuild) { self.build = build }

    var broker: any SharedDeviceBroker { environment.broker }
    var style: FieldNotesBuild.Style { build.style }
    func has(_ mistake: FieldNotesBuild.Mistake) -> Bool { build.mistakes.contains(mistake) }

    func install(_ environment: AppEnvironment) {
        self.environment = environment
        phase = .closed
        notes = []
        notice = nil
        problem = nil
        crashed = false
        keychain = [:]
        files = [:]
        defaults = [:]
        firstAccountSeen = nil
        repromptedOnce = false
        sheetWaitsForTap = nil
        farewell = nil
    }

    var isRunning: Bool { if case .closed = phase { return false } else { return true } }

    var profile: Profile? { if case .signedIn(let profile) = phase { return profile } else { return nil } }

    func handle(_ event: AppEvent) async -> Observation {
        switch event {
        case .launch:
            crashed = false
            phase = .signedOut
            await detectMode()
            if has(.noCheckAtLaunch) { restoreVault() }
            if !has(.noCheckAtLaunch) || profile == nil { await reconcile(.launch) }
        case .suspend: break
        case .resume: if !has(.noCheckAtResume) { await reconcile(.resume) }
        case .terminate: close()
        case .tapSignIn:
            if let waiting = sheetWaitsForTap {
                sheetWaitsForTap = nil
                await signInInteractively(hint: waiting.username)
            } else if profile == nil {
                await signInInteractively(hint: nil)
            }
        case .tapSignOut: await logOut()
        case .refresh: if let profile { await sync(profile) } else { await reconcile(.sync) }
        case .accountChangedBroadcast:
            if has(.ignoresBroadcast) || (has(.ignoresBroadcastWhenSignedOut) && profile == nil) { break }
            if has(.wipesOnEveryBroadcast) { notes = []; files = [:] }
            await reconcile(.broadcast)
        }
        return observe()
    }

    func close() {
        phase = .closed
        notes = []
        notice = nil
        problem = nil
        firstAccountSeen = nil
        sheetWaitsForTap = nil
        farewell = nil
    }

    func crash() {
        close()
        crashed = true
    }

    // MARK: What the app shows and keeps

    func observe() -> Observation {
        guard isRunning else { return Observation(running: false, crashed: crashed, signedInAccount: nil, screen: [], storage: vault()) }
        var screen: [ScreenElement] = []
        switch phase {
        case .signedIn(let profile):
            let first = profile.name.split(separator: " ").first.map(String.init) ?? profile.name
            screen.append(ScreenElement(.text, "Hello, \(first)"))
            screen += notes.map { ScreenElement(.text, "• \($0.title) — \($0.detail)") }
            screen.append(ScreenElement(.button, "Sync"))
            screen.append(ScreenElement(.button, "Log out"))
            if has(.showsSwitchUser) { screen.append(ScreenElement(.button, "Switch user")) }
            if style.openShifts { screen += [ScreenElement(.button, "Sign up for open shifts"), ScreenElement(.button, "Register for training")] }
            if !isShared, has(.changeAccountOnDeviceInfoError) { screen.append(ScreenElement(.button, "Change account")) }
        case .blocked(let message):
            screen.append(ScreenElement(.text, "Field Notes"))
            screen.append(ScreenElement(style.alerts ? .alert : .error, message))
        default:
            screen.append(ScreenElement(.text, "Field Notes"))
            if let banner = style.banner { screen.append(ScreenElement(.text, banner)) }
            screen.append(ScreenElement(.button, "Continue with Microsoft"))
            if let waiting = sheetWaitsForTap {
                let first = (waiting.username ?? "").split(separator: ".").first.map { $0.capitalized } ?? "you"
                screen.append(ScreenElement(.button, "Continue as \(first)"))
            }
            if !isShared { screen.append(ScreenElement(.button, has(.changeAccountOnDeviceInfoError) ? "Get started" : "Create account")) }
            // Offline-first: whatever notes the app holds are listed, signed in or not.
            screen += notes.map { ScreenElement(.text, "• \($0.title)") }
        }
        if let farewell, profile == nil { screen.append(ScreenElement(.text, farewell)) }
        if let notice { screen.append(ScreenElement(.text, notice)) }
        if let problem { screen.append(ScreenElement(style.alerts ? .alert : .error, problem)) }
        var storage = vault()
        if let profile {
            storage.append(StoredItem(.memory, "profile", "\(profile.account.username ?? "") \(profile.name) \(profile.notesToken)"))
            storage.append(StoredItem(.memory, "notes", notes.map(\.id).joined(separator: " ")))
        }
        let signedIn = profile.map { style.usernameAsSignedInAccount ? ($0.account.username ?? $0.account.identifier) : $0.account.identifier } ?? nil
        return Observation(running: true, crashed: crashed, signedInAccount: signedIn, screen: screen, storage: storage)
    }

    func vault() -> [StoredItem] {
        keychain.sorted { $0.key < $1.key }.map { StoredItem(.keychain, $0.key, $0.value) }
            + files.sorted { $0.key < $1.key }.map { StoredItem(.file, $0.key, $0.value) }
            + defaults.sorted { $0.key < $1.key }.map { StoredItem(.defaults, $0.key, $0.value) }
    }

    /// Keeps the session as base64 JSON in the keychain and the notes in a file.
    func persist(_ profile: Profile) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        keychain["fieldnotes.session"] = (try? encoder.encode(profile))?.base64EncodedString()
        files["Library/Caches/notes.db"] = notes.map { "\($0.id)\t\($0.title)\t\($0.detail)" }.joined(separator: "\n")
        // Unsynced drafts are kept per user.
        files["Documents/Drafts/\(profile.account.username ?? "user").json"] = "[]"
        defaults["fn.lastLogin"] = profile.account.username
        if has(.keepsNameFamilyFirst) {
            let parts = profile.name.split(separator: " ")
            defaults["fn.recentNames"] = ([parts.last.map(String.init) ?? ""] + [parts.dropLast().joined(separator: " ")]).joined(separator: ", ")
        }
    }

    func restoreVault() {
        guard let blob = keychain["fieldnotes.session"], let data = Data(base64Encoded: blob),
            let stored = try? JSONDecoder().decode(Profile.self, from: data)
        else { return }
        phase = .signedIn(stored)
        notes = (files["Library/Caches/notes.db"] ?? "").split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return UserRecord(id: parts[0], title: parts.count > 1 ? parts[1] : "", detail: parts.count > 2 ? parts[2] : "")
        }
    }

    /// Everything of the user goes: the vault, the notes, the screen.
    func purge() {
        let keep = has(.leavesNotesFileOnLogOut) ? files : [:]
        keychain = [:]
        files = keep
        defaults = has(.keepsNameFamilyFirst) ? defaults.filter { $0.key == "fn.recentNames" } : [:]
        sheetWaitsForTap = nil
        notes = []
        notice = nil
        problem = nil
        phase = .signedOut
    }
}
