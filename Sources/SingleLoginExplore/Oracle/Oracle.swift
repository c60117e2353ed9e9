import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec

/// Judges every step of one history against the rules, with ordinary spec checks computed from
/// what the oracle knows: the app's lifecycle (from the steps), who is signed in on the device
/// (asked of the broker after each step), whether the app has had a clean chance to check the
/// account since it last changed, who it last saw, whether the token needs the sheet, and which
/// scripted answer each call received (the broker says: a method's calls that reach it take its
/// scripts in order, and a call MSAL answers or fails before the broker takes none).
///
/// Conservative by design: a rule that cannot tell says nothing. A step whose calls failed is
/// no clean chance to check; rules that need knowledge of the app judge only what it showed.
package actor Oracle: StepJudge {
    /// Where EX-DATA looks: everywhere but the switcher's snapshot. The snapshot is taken when the app
    /// moves to the background, before the change that makes it a leftover, and is replaced when the
    /// app runs again, so it is never the app's to clear once it has had the chance to check;
    /// SL-SNAPSHOT-1 judges it where it matters, while the app is suspended.
    static let dataPlaces = Set(Expectation.Place.allCases).subtracting([.surface(.snapshot)])

    /// ``dataPlaces`` less the device surfaces the app declares it has not: its expected line
    /// names only places the app can fill.
    static func dataPlaces(of judged: JudgedStep) -> Set<Expectation.Place> {
        dataPlaces.filter { place in
            guard case .surface(let area) = place else { return true }
            return judged.surfaces?.has(area) != false
        }
    }

    /// What the catalogue's SL-DETECT-2, -3 and -4 look for on buttons: sign-up, add-account and switch-account affordances
    /// (the `words` of their `noElement` checks), read from the embedded catalogue, so the two lists are one.
    package static let affordanceWords = catalogueAffordances.words
    /// The catalogue's second affordance check: a button whose whole text, or last sentence, is "Register" ("New here? Register").
    /// "Register" with anything else around it is a till's register or a thing being registered ("Close register", "Register 3").
    package static let affordancePattern = catalogueAffordances.pattern
    /// A frontline app's own wording that begins like an affordance or holds one ("Sign up for open shifts", "Customer sign-up",
    /// "Add account credit", "Change user PIN"): the catalogue's `except`.
    package static let affordanceExceptions = catalogueAffordances.exceptions

    /// The embedded catalogue's button checks: every scenario of SL-DETECT-2, -3 and -4 has the same two.
    private static let catalogueAffordances: (words: [String], exceptions: [String], pattern: String) = {
        let spec = EmbeddedSpec.loadedCatalogue.spec
        var found: (words: [String], exceptions: [String], pattern: String) = ([], [], "")
        for requirement in spec.requirements {
            for check in requirement.scenarios.flatMap({ $0.steps.flatMap(\.expect) + $0.expect }) {
                switch check {
                case .noElement(.button?, .words(let words, let exceptions)): (found.words, found.exceptions) = (words, exceptions)
                case .noElement(.button?, .pattern(let pattern)): found.pattern = pattern
                default: break
                }
            }
        }
        return found
    }()

    private let rules: Set<Rule>
    private let given: Given
    private let interactiveOnly: Bool
    private let identities: [String: [String]]
    private var phase = AppLifecycle.notRunning
    private var device: [String]
    private var informed = false
    private var seenByApp: [String]?
    /// The app's latest account check failed, with no sign-in of its own since: it does not know
    /// who is on the device, and may rightly offer no sign-in until a retry tells it.
    private var accountUnknown = false
    private var ended: [String: Set<Int>] = [:]
    private var pending: [BrokerMethod: [BrokerAnswer]] = [:]
    private var sharedKnown = false
    private var interactionNeeded: Bool
    private var brokerJudged = false
    /// Who the app showed signed in when it last ran (an app may restore its session at launch).
    private var lastShown: String?
    /// The last account the app showed signed in, in any run, for as long as that user stays on the
    /// device: an app may restore that session at a later launch, even after a launch that showed
    /// nobody because its account check failed offline.
    private var lastSignedInShown: String?
    /// How many sessions each user has had, after the last step.
    private var sessionCounts: [String: Int] = [:]
    /// Whether the device's account needed the sheet after the last step (the broker's state).
    private var needsSheet: Bool
    /// The sheet the app owes the user on their next sign-in tap, after the last step.
    private var owed: Owed?
    private(set) var violations: [Violation] = []
    private(set) var checksMade = 0
    /// Which rules judge the step being judged: fewer while an answer is held and at its release.
    private var judging = Judging.all
    /// Whether, after the last step, an answer was held or a hold waited for the app's call.
    private var holdingBefore = false
    /// How many calls had been held after the last step.
    private var callsHeldBefore = 0
    /// Whether the history holds an answer (`holdNext`) at all.
    private let holdsAnswers: Bool
    /// Whether the app's account check is held (made, its answer not yet released). A broadcast or a
    /// resume meanwhile may wait for it: an app whose checks are single-flight makes the next one
    /// once the check under way has answered, and that one decides.
    private var accountCheckHeld = false
    /// Whether a chance to check passed while the app waited for its held account check: the release owes it.
    private var chanceOwedAtRelease = false
    /// The device's accounts, and how many sessions each user had had, when the held call was made.
    private var atHold: (device: [String], sessions: [String: Int])?
    /// Whether a late call (one answered at a release, under the request that started its work)
    /// sent the backend a token it refused after the session ended: EX-BACKEND at the end.
    private var lateTokenRefused = false
    /// Whether a late call prompted for a user who had left, after the app had learned of the
    /// change: a superseded answer applied. EX-LATE judges it at the end, as EX-BACKEND judges
    /// ``lateTokenRefused``.
    private var latePromptForDeparted = false

    /// An oracle for one run of `history`, judging `rules`.
    package init(history: Scenario, rules: Set<Rule> = Set(Rule.allCases), accounts: [AccountDefinition] = ExploreAccounts.all) {
        self.rules = rules
        given = history.given
        device = history.given.signedIn
        interactionNeeded = !history.given.signedIn.isEmpty && history.given.token == .interactionRequired
        needsSheet = interactionNeeded
        holdsAnswers = history.holdsAnswers
        interactiveOnly =
            history.given.signedIn.isEmpty
            && !history.steps.contains {
                switch $0.action {
                case .globalSignIn, .switchUser: true;
                default: false
                }
            }
        var identities: [String: [String]] = [:]
        for definition in accounts {
            let user = SimulatedUser(definition)
            identities[definition.name] = [user.account.identifier?.lowercased(), user.account.username?.lowercased()].compactMap { $0 }
        }
        self.identities = identities
    }

    /// The first violation of each rule, in the order found.
    package func found() -> [Violation] { violations }

    /// How many times a rule judged a step.
    package func judgements() -> Int { checksMade }

    /// One call of the step with the scripted answer it received.
    private typealias Call = (call: BrokerCallRecord, scripted: BrokerAnswer?)

    /// What a step changed, as the rules read it: its calls with their scripted answers, and what
    /// the oracle knew before it.
    private struct StepFacts {
        var calls: [Call]
        /// The calls answered during the step that are filed under an earlier one: the held answers
        /// it released and the work they let go on.
        var answeredNow: [BrokerCallRecord]
        var phaseBefore: AppLifecycle
        var deviceBefore: [String]
        var seenBefore: [String]?
        var interactionNeededBefore: Bool
        var accountUnknownBefore: Bool
        var countsBefore: [String: Int]
        var failures: [Call]
        /// No call failed, and none was answered with a result the app cannot use.
        var clean: Bool
        /// The app was in the foreground and had reason to check the account (launch, resume, a broadcast).
        var opportunity: Bool
    }

    package func judge(_ judged: JudgedStep) async -> [Issue] {
        guard let index = judged.index, let step = judged.step else { return [] }
        // A history that holds nothing (every history of an adapter without concurrentCalls) asks the broker nothing about holds.
        let held = holdsAnswers ? await judged.broker.callsHeld() : 0
        let holding = holdsAnswers ? await judged.broker.holdsOrWillHold() : false
        judging = step.action == .release ? .release : holdingBefore || holding ? .holding : .all
        let heldInStep = held > callsHeldBefore
        (holdingBefore, callsHeldBefore) = (holding, held)
        let facts = await advance(past: step.action, heldInStep: heldInStep, in: judged)
        let late = await judgeLate(facts, action: step.action, at: index, in: judged)
        if heldInStep { atHold = (device, sessionCounts) }
        let account = await judgeAccountAndData(facts, action: step.action, at: index, in: judged)
        let screen = await judgeCallsAndScreen(facts, action: step.action, at: index, in: judged)
        let mode = await judgeModeSignOutAndTokens(facts, action: step.action, at: index, in: judged)
        return late + account + screen + mode + (await judgeLiveness(facts, action: step.action, at: index, in: judged))
    }

    /// Moves what the oracle knows past the step (the app's lifecycle, the device, who the app saw,
    /// whether it was informed) and returns what the rules need of the step and of before it.
    /// A step in which the app made a call whose answer is held (`heldInStep`) is no clean chance: the app waits for the answer.
    private func advance(past action: Step.Action, heldInStep: Bool, in judged: JudgedStep) async -> StepFacts {
        let phaseBefore = phase
        if case .app(let event) = action { phase = phase.after(event) }
        // Only a history that holds answers has calls answered after their step.
        let answeredNow = holdsAnswers ? await judged.broker.transcript().filter { $0.answeredLater?.stepIndex == judged.index } : []
        let calls = await Self.scripted(Self.madeIn(judged.calls, answeredNow: answeredNow), by: judged.broker)
        pending = await judged.broker.scriptedPending()
        let deviceBefore = device
        let seenBefore = seenByApp
        let interactionNeededBefore = interactionNeeded
        device = await judged.broker.deviceAccountNames()
        let countsBefore = sessionCounts
        for name in identities.keys { sessionCounts[name] = await judged.broker.sessions(of: name).count }
        // Interaction stays required until the sheet completes or the device signs someone in anew.
        switch action {
        case .globalSignIn, .switchUser: interactionNeeded = false
        case .requireInteraction: interactionNeeded = !device.isEmpty
        default: break
        }
        if calls.contains(where: { $0.call.method == .acquireToken && !$0.call.failed && !$0.scripted.meaning.spoilsIdToken }) { interactionNeeded = false }
        // Who the app last saw on the device: what its last answered account check returned, or
        // whom its own sign-in signed in, whichever came last. A device event changes the device
        // before the app's first call, the app's own sign-in during the step: a check before the
        // step's last prompt saw the device as the event left it.
        let lastPrompt = calls.lastIndex { $0.call.method == .acquireToken } ?? -1
        let lastCheck = calls.lastIndex { $0.call.method == .getCurrentAccount && !$0.call.failed }
        let afterEvent = action.deviceAccountsAfter ?? deviceBefore
        if lastPrompt > (lastCheck ?? -1), !calls[lastPrompt].call.failed, !calls[lastPrompt].scripted.meaning.spoilsIdToken {
            seenByApp = device
        } else if let lastCheck {
            seenByApp = device == afterEvent || lastCheck > lastPrompt ? device : afterEvent
        }
        let accountUnknownBefore = accountUnknown
        if let lastAsked = calls.lastIndex(where: { $0.call.method == .getCurrentAccount }), lastAsked > lastPrompt || calls[lastPrompt].call.failed {
            accountUnknown = calls[lastAsked].call.failed
        } else if lastPrompt >= 0, !calls[lastPrompt].call.failed {
            accountUnknown = false
        }
        if phase == .notRunning { accountUnknown = false }
        let failures = calls.filter(\.call.failed)
        // A clean step: no call failed, but for the app's own silent calls for an account no longer
        // on the device (its doing, not the device's) and a sheet it put up after one that nobody
        // completed, and none was answered with a result the app cannot use.
        let wrongQuestion = calls.first(where: askedForAbsentAccount)
        let clean =
            !heldInStep && failures.allSatisfy { askedForAbsentAccount($0) || Self.dismissedUnscripted($0, after: wrongQuestion) }
            && !calls.contains { !$0.call.failed && $0.scripted.meaning.disturbs }
        // While its own account check is held, a step in which the app asks nothing is no chance: it
        // may wait for that check's answer (one check at a time), and a change meanwhile is one it
        // could not watch. The release is its chance instead: the check it owes runs then.
        let chance = phase == .foreground && (action == .app(.launch) || action == .app(.resume) || judged.broadcastsDelivered > 0)
        let waitsForCheck = accountCheckHeld && action != .release && !calls.contains { $0.call.method == .getCurrentAccount }
        if chance, waitsForCheck { chanceOwedAtRelease = true }
        let opportunity = chance && !waitsForCheck || action == .release && chanceOwedAtRelease && phase == .foreground
        if action == .release { (accountCheckHeld, chanceOwedAtRelease) = (false, false) }
        if calls.contains(where: { $0.call.method == .getCurrentAccount && $0.call.held }) { accountCheckHeld = true }
        // The app's account check answered, and only its sync failed offline afterwards: it knows who is
        // on the device all the same, so the previous user's data must go (SL-SWITCH-1, SL-SWITCH-3: with
        // that sync failed, nothing overwrites what the app failed to purge).
        let checkedAccount = calls.contains { $0.call.method == .getCurrentAccount && !$0.call.failed }
        let onlySyncOffline =
            !failures.isEmpty && failures.allSatisfy { $0.call.method == .acquireTokenSilent && $0.scripted.meaning.isOffline }
            && !calls.contains { !$0.call.failed && $0.scripted.meaning.disturbs }
        if opportunity, clean || (!heldInStep && checkedAccount && onlySyncOffline && device.count <= 1) {
            informed = true
            for name in identities.keys where !device.contains(name) {
                if let count = sessionCounts[name], count > 0 { ended[name, default: []].formUnion(1...count) }
            }
        } else if device != deviceBefore {
            informed = false
        }
        // A session of the device's user whose token MSAL hands the app is not one the app can know
        // has ended: after a sign-in in the web view, MSAL's cache in the app keeps that session's
        // access token through a device-wide sign-out (the broker signs out its own cache, not the
        // app's), and answers the same user's silent calls with it when they are back. The app may
        // keep what MSAL gives it for the user on the device (not for one who left: that is its doing).
        for call in calls {
            if case .result(.token(let token)) = call.call.answer, device.contains(token.user) { ended[token.user]?.remove(token.session) }
        }
        if action == .app(.launch) {
            sharedKnown = calls.contains { call in
                call.call.method == .getDeviceInformation && (!call.call.failed || call.scripted.meaning.leavesModeKnowable)
            }
        }
        if phase == .notRunning { sharedKnown = false }
        return StepFacts(
            calls: calls, answeredNow: answeredNow, phaseBefore: phaseBefore, deviceBefore: deviceBefore, seenBefore: seenBefore,
            interactionNeededBefore: interactionNeededBefore,
            accountUnknownBefore: accountUnknownBefore, countsBefore: countsBefore, failures: failures, clean: clean, opportunity: opportunity)
    }

    /// The account and data rules: the account shown is the device's, never one of several, and
    /// nothing of anyone else once the app has had the chance.
    private func judgeAccountAndData(_ facts: StepFacts, action: Step.Action, at index: Int, in judged: JudgedStep) async -> [Issue] {
        let (calls, seenBefore, interactionNeededBefore, failures, clean, opportunity) =
            (facts.calls, facts.seenBefore, facts.interactionNeededBefore, facts.failures, facts.clean, facts.opportunity)
        let beforeUser = judged.before.signedInAccount.flatMap(user(identifiedBy:))
        var found: [Issue] = []

        // The account it shows is the device's, after a clean check: nobody when nobody is signed in;
        // the device's user after a launch, after a change it had not yet seen, or when it showed them
        // before. (An app signed out by a failure earlier may stay so on an unchanged broadcast or
        // resume; with interaction required it cannot sign in without the sheet.)
        if opportunity, clean, device.count <= 1 {
            if let user = device.first {
                let changed = seenBefore != device
                if !interactionNeeded, !interactionNeededBefore, action == .app(.launch) || changed || beforeUser == user {
                    found += await apply(.account, at: index, in: judged, [.signedIn(account: user)])
                }
            } else {
                found += await apply(.account, at: index, in: judged, [.signedOut])
            }
        }
        // More than one account on the device: MSAL says so (-42102); the app must not pick one.
        if opportunity, device.count > 1, !failures.isEmpty,
            failures.allSatisfy({ $0.call.method == .getCurrentAccount && $0.call.failed(internal: -42102) }),
            !calls.contains(where: { $0.scripted.meaning.disturbs })
        {
            found += await apply(.account, at: index, in: judged, [.signedOut, .errorShown, .notCrashed])
        }
        // Nothing of anyone else once it has had the chance.
        if informed, device.count <= 1 {
            var checks: [Expectation] = []
            for name in identities.keys.sorted() where !device.contains(name) && !(ended[name]?.isEmpty ?? true) {
                checks.append(.noDataOf(account: name, places: Self.dataPlaces(of: judged), session: nil))
            }
            for name in device {
                for session in (ended[name] ?? []).sorted() { checks.append(.noDataOf(account: name, places: Self.dataPlaces(of: judged), session: session)) }
            }
            found += await apply(.data, at: index, in: judged, checks)
        }
        // At a launch whose account check is held the app knows nothing yet, so nothing it stored of
        // a user who has left the device may be drawn meanwhile (SL-LOGOUT-2, SL-SWITCH-3). No app
        // needs the answer to draw nothing, so this is judged while the answer is held.
        if action == .app(.launch), facts.phaseBefore == .notRunning, calls.contains(where: { $0.call.method == .getCurrentAccount && $0.call.held }) {
            let left = identities.keys.sorted().filter { !device.contains($0) && (sessionCounts[$0] ?? 0) > 0 }
            found += await apply(.data, at: index, in: judged, whileHeld: true, left.map { .noDataOf(account: $0, places: [.screen], session: nil) })
        }
        // A silent token the app asked in this step for the one user on the device, held: the app
        // knows who holds the device (it asked for them), so nothing of a user who has left may be
        // drawn or kept while it waits (SL-SWITCH-1). No app needs that token to clear the previous user.
        if let user = device.first, device.count == 1, calls.contains(where: { asksHeldSilentToken($0, for: user) }) {
            let left = identities.keys.sorted().filter { $0 != user && (sessionCounts[$0] ?? 0) > 0 }
            found += await apply(
                .data, at: index, in: judged, whileHeld: true, left.map { .noDataOf(account: $0, places: [.screen, .storage], session: nil) })
        }
        return found
    }

    /// Whether `call` is a silent token call for `user`, held.
    private func asksHeldSilentToken(_ call: Call, for user: String) -> Bool {
        guard call.call.held, case .acquireTokenSilent(let parameters) = call.call.call else { return false }
        return parameters.accountIdentifier.flatMap(self.user(identifiedBy:)) == user
    }

    /// The rules on calls and the screen: prompts, sign-in, a dismissed sheet, broadcasts.
    private func judgeCallsAndScreen(_ facts: StepFacts, action: Step.Action, at index: Int, in judged: JudgedStep) async -> [Issue] {
        let (calls, phaseBefore, deviceBefore, interactionNeededBefore, failures, clean) =
            (facts.calls, facts.phaseBefore, facts.deviceBefore, facts.interactionNeededBefore, facts.failures, facts.clean)
        let before = judged.before
        let beforeUser = before.signedInAccount.flatMap(user(identifiedBy:))
        var found: [Issue] = []
        // No prompt without a reason, never two for one event.
        found += await judgePrompts(calls, action: action, deviceBefore: deviceBefore, interactionNeededBefore: interactionNeededBefore, at: index, in: judged)
        // With nobody on the device, a sign-in attempt is one prompt: when the app knows it (after a
        // failed account check it may offer only a retry, and then the tap taps nothing).
        if action == .app(.tapSignIn), phaseBefore == .foreground, deviceBefore.isEmpty, before.signedInAccount == nil, !facts.accountUnknownBefore,
            failures.allSatisfy({ $0.call.method == .acquireToken })
        {
            found += await apply(.signIn, at: index, in: judged, [.calls(method: .acquireToken, range: .exactly(1))])
        }
        // A dismissed sheet is no error.
        let dismissed = { (call: Call) in
            call.call.method == .acquireToken && (call.scripted.meaning.isCancel || (call.scripted == nil && call.call.failed(with: -50005)))
        }
        if phase == .foreground, calls.contains(where: dismissed), failures.allSatisfy(dismissed),
            !calls.contains(where: { !$0.call.failed && $0.scripted.meaning.disturbs }),
            !before.screen.contains(where: { $0.kind == .error || $0.kind == .alert })
        {
            found += await apply(.cancel, at: index, in: judged, [.noErrorShown])
        }
        // A broadcast that changed nothing costs nothing; nor does the one after the app's own sign-in.
        if case .broadcast = action, phaseBefore == .foreground, device == deviceBefore, clean, device.count == 1, beforeUser == device[0] {
            var checks: [Expectation] = [.calls(method: .acquireTokenSilent, range: .exactly(0)), .calls(method: .fetchRecords, range: .exactly(0))]
            for place in [Expectation.Place.screen, .storage] {
                let kept = Expectation.hasDataOf(account: device[0], places: [place])
                if await judged.evaluate([kept], against: before).isEmpty { checks.append(kept) }
            }
            found += await apply(.broadcast, at: index, in: judged, checks)
        }
        if action == .app(.tapSignIn), deviceBefore.isEmpty, device.count == 1, clean, judged.broadcastsDelivered > 0,
            calls.contains(where: { $0.call.method == .acquireToken && !$0.call.failed })
        {
            let during = CallFilter(during: .broadcasts)
            found += await apply(
                .broadcast, at: index, in: judged,
                [
                    .calls(method: .acquireTokenSilent, range: .exactly(0), filter: during), .calls(method: .fetchRecords, range: .exactly(0), filter: during),
                    .calls(method: .acquireToken, range: .exactly(0), filter: during),
                ])
        }
        return found
    }

    /// The rules on the app's configuration and shared mode, its own sign-out, and the tokens the
    /// broker's results carry (and the backend sees).
    private func judgeModeSignOutAndTokens(_ facts: StepFacts, action: Step.Action, at index: Int, in judged: JudgedStep) async -> [Issue] {
        let (calls, phaseBefore, deviceBefore, countsBefore, failures) =
            (facts.calls, facts.phaseBefore, facts.deviceBefore, facts.countsBefore, facts.failures)
        let before = judged.before
        let beforeUser = before.signedInAccount.flatMap(user(identifiedBy:))
        var found: [Issue] = []
        // Every launch asks for device information; the app lets MSAL use the broker.
        if action == .app(.launch) {
            found += await apply(.deviceInformation, at: index, in: judged, [.calls(method: .getDeviceInformation, range: CountRange(atLeast: 1))])
            if !brokerJudged {
                brokerJudged = true
                found += await apply(.broker, at: index, in: judged, [.brokerEnabled])
            }
        }
        // Known to be shared: no sign-up, add-account or switch-account button.
        if phase == .foreground, sharedKnown, given.deviceMode == .shared {
            found += await apply(
                .affordance, at: index, in: judged,
                [
                    .noElement(kind: .button, match: .words(Self.affordanceWords, except: Self.affordanceExceptions)),
                    .noElement(kind: .button, match: .pattern(Self.affordancePattern)),
                ])
        }
        // The app's own sign-out ends its session at once, and signs the device out when it can.
        if action == .app(.tapSignOut), phaseBefore == .foreground, let beforeUser {
            // A scripted failure of the broker's signout leaves the device signed in; the app's own bad call does not excuse it.
            let signoutFailed = calls.contains { $0.call.method == .signout && $0.scripted.meaning.keepsDeviceSignedIn }
            var checks: [Expectation] = [.calls(method: .signout, range: CountRange(atLeast: 1))]
            if signoutFailed {
                // As SL-LOGOUT-4: the device is still signed in, and the app may keep the account's identifier to finish
                // the device sign-out later; none of the user's data on screen, nothing of the session anywhere.
                checks.append(.noDataOf(account: beforeUser, places: [.screen], session: nil))
                let sessions = sessionCounts[beforeUser] ?? 0
                if sessions > 0 { checks.append(.noDataOf(account: beforeUser, places: Self.dataPlaces(of: judged), session: sessions)) }
            } else {
                checks.append(.noDataOf(account: beforeUser, places: Self.dataPlaces(of: judged), session: nil))
            }
            // Signed out, unless another account was on the device too and the app now shows it (its broadcast said so).
            if device.allSatisfy({ $0 == beforeUser }) { checks.insert(.signedOut, at: 1) }
            if deviceBefore == [beforeUser], !signoutFailed { checks.append(.deviceSignedOut) }
            found += await apply(.signOut, at: index, in: judged, checks)
        }
        // A result without a usable id token signs nobody in.
        let tokenCalls = calls.filter { $0.call.method == .acquireToken || $0.call.method == .acquireTokenSilent }
        let spoiled = tokenCalls.filter { $0.scripted.meaning.spoilsIdToken }
        // A result: a successful answer with an id token, or fewer scopes granted than asked (-50003 carries the partial result).
        let good = tokenCalls.filter { (!$0.call.failed && !$0.scripted.meaning.spoilsIdToken) || $0.scripted.meaning.declinesScopes }
        let shownBefore = action == .app(.launch) ? lastShown ?? lastSignedInShown : before.signedInAccount
        if phase == .foreground, shownBefore == nil, !spoiled.isEmpty, good.isEmpty {
            var checks: [Expectation] = [.notCrashed, .signedOut]
            // None of that session's data on screen: the session the result came from is the one
            // this step began, or else the device's own.
            let begun = identities.keys.sorted().filter { (sessionCounts[$0] ?? 0) > (countsBefore[$0] ?? 0) }
            if begun.count == 1, let count = sessionCounts[begun[0]] {
                checks.append(.noDataOf(account: begun[0], places: [.screen], session: count))
            } else if begun.isEmpty, device.count == 1, let count = sessionCounts[device[0]], count > 0 {
                // What the app already showed of that session before the step (a signed-out screen
                // that lists what the device's user had, offline) did not come from this result.
                let none = Expectation.noDataOf(account: device[0], places: [.screen], session: count)
                if await judged.evaluate([none], against: before).isEmpty { checks.append(none) }
            }
            found += await apply(.token, at: index, in: judged, checks)
        }
        // The backend never sees a token the app should have renewed or dropped: once the app has had
        // a clean chance since the last change, nor an ended session's token once the app has learned
        // that the session ended: its account check showed it another user or nobody (SL-SWITCH-1,
        // SL-SWITCH-3, SL-LOGOUT-1, SL-LOGOUT-2: a call refused after that check), or its own sign-out
        // called the broker's signout (SL-LOGOUT-3, -4, -5: a call refused after it, a final sync).
        // One check for any, so a step where several hold is judged once.
        let undisturbed = !calls.contains(where: { $0.scripted.meaning.disturbs })
        let cleanChance =
            informed && device.count <= 1 && failures.allSatisfy({ $0.call.method == .fetchRecords })
            && calls.contains(where: { $0.call.method == .fetchRecords })
        let refused = { (call: Call) in call.call.method == .fetchRecords && call.call.failed && call.scripted == nil }
        var refusedAfterEnd = false
        if let seen = seenByApp, seen != facts.seenBefore, seen.count <= 1, facts.seenBefore?.isEmpty == false,
            let check = calls.firstIndex(where: { $0.call.method == .getCurrentAccount && !$0.call.failed })
        {
            refusedAfterEnd = calls[check...].contains(where: refused)
        }
        if action == .app(.tapSignOut), phaseBefore == .foreground, beforeUser != nil, let signout = calls.firstIndex(where: { $0.call.method == .signout }) {
            refusedAfterEnd = refusedAfterEnd || calls[signout...].contains(where: refused)
        }
        // A token of an earlier session of the user the device holds now is one the app could not know
        // had ended: that user signed out and in again, or the device changed away and back, while
        // the app's account checks saw the same account. Its refusal, and the renewal after it, are fine.
        if undisturbed, cleanChance || refusedAfterEnd, await !refusesEarlierSessionOfDeviceUser(calls, in: judged) {
            found += await apply(.backend, at: index, in: judged, [.calls(method: .fetchRecords, range: .exactly(0), filter: CallFilter(answered: .error))])
        }
        if judged.observation.running { lastShown = judged.observation.signedInAccount }
        if let shown = lastShown { lastSignedInShown = shown }
        if let shown = lastSignedInShown, let shownUser = user(identifiedBy: shown), !device.contains(shownUser) { lastSignedInShown = nil }
        return found
    }

    /// The sheet the app owes the user's next sign-in tap: after InteractionRequired it did not answer
    /// with the sheet (EX-INTERACTION), or after a sheet that failed while the account needs one (EX-RETRY).
    private struct Owed {
        var rule: Rule
        /// The one account on the device.
        var user: String
        /// Whether it stands while the device's account needs the sheet; else (one scripted answer) only
        /// over steps in which the app makes no call.
        var lasting: Bool
    }

    /// The liveness rules: InteractionRequired leads to the sheet, by the app or on the user's next tap,
    /// and a completed sheet to the user signed in (EX-INTERACTION); a dismissed or failed sign-in, while
    /// the account needs the sheet, leaves the user able to sign in (EX-RETRY).
    private func judgeLiveness(_ facts: StepFacts, action: Step.Action, at index: Int, in judged: JudgedStep) async -> [Issue] {
        let calls = facts.calls
        let needsSheetBefore = needsSheet
        needsSheet = await judged.broker.deviceNeedsInteraction()
        let holder = await judged.broker.personAtDeviceName()
        let owedBefore = owed
        owed = nil
        let prompts = calls.filter { $0.call.method == .acquireToken }
        let completed = { (call: Call) in !call.call.failed && !call.scripted.meaning.disturbs }
        // A silent call answered -50002 as scripted, or because the device's account needs the sheet
        // (not a stale account, not the SSO extension failing: a silent retry may then work).
        let required = calls.contains { call in
            call.call.method == .acquireTokenSilent && call.call.failed(with: -50002)
                && (call.scripted == .interactionRequired || (call.scripted == nil && needsSheetBefore))
        }
        // Nothing else disturbed the step: its failures are InteractionRequired's and the sheet's, and so are its scripted answers.
        let onlyInteraction = calls.allSatisfy { call in
            switch call.call.method {
            case .acquireTokenSilent:
                return (call.scripted == nil || call.scripted == .interactionRequired) && (!call.call.failed || call.call.failed(with: -50002))
            case .acquireToken: return !call.scripted.meaning.declinesScopes
            default: return !call.call.failed && !call.scripted.meaning.disturbs
            }
        }
        let steady = phase == .foreground && device.count == 1 && device == facts.deviceBefore && onlyInteraction
        var found: [Issue] = []
        // The sheet after InteractionRequired completed, and nothing failed after it (a token the app asks for
        // next may be scripted to need the user again): the user is signed in.
        if required, steady, let last = calls.lastIndex(where: { $0.call.method == .acquireToken }), completed(calls[last]),
            calls[..<last].contains(where: { $0.call.method == .acquireTokenSilent && $0.call.failed(with: -50002) }),
            !calls[(last + 1)...].contains(where: { $0.call.failed || $0.scripted != nil })
        {
            found += await apply(.interaction, at: index, in: judged, [.signedIn(account: device[0])])
        }
        // The sign-in tap the app owed a sheet to, with nothing scripted for it but the sheet's own answer.
        let unscripted =
            pending.allSatisfy { $0.key == .acquireToken || $0.key == .signout || $0.value.isEmpty }
            && calls.allSatisfy { $0.scripted == nil || $0.call.method == .acquireToken }
        if action == .app(.tapSignIn), let owedBefore, facts.phaseBefore == .foreground, facts.deviceBefore == [owedBefore.user], steady, unscripted {
            var checks: [Expectation] = []
            // Signed out while the account needs the sheet: the tap is the one prompt (SL-LOGIN-4, SL-CANCEL-2).
            if judged.before.signedInAccount == nil, needsSheetBefore { checks.append(.calls(method: .acquireToken, range: .exactly(1))) }
            // The sheet would complete as that user: then signed in.
            let sheetScripted = calls.contains { $0.call.method == .acquireToken && $0.scripted != nil } || !(pending[.acquireToken] ?? []).isEmpty
            if holder == owedBefore.user, !sheetScripted { checks.append(.signedIn(account: owedBefore.user)) }
            found += await apply(owedBefore.rule, at: index, in: judged, checks)
        }
        // What the app owes after this step: a new debt, or the one standing.
        if steady, !prompts.contains(where: completed) {
            if prompts.isEmpty, required {
                owed = Owed(rule: .interaction, user: device[0], lasting: needsSheet)
            } else if !prompts.isEmpty, needsSheet {
                owed = Owed(rule: .retry, user: device[0], lasting: true)
            }
        }
        // An account check that failed leaves the app not knowing who is on the device: its next tap
        // may retry the check (as EX-SIGNIN allows), so no sheet is owed until a check succeeds again.
        let checkFailed = calls.contains { $0.call.method == .getCurrentAccount && $0.call.failed }
        if owed == nil, !checkFailed, action != .app(.tapSignIn), let owedBefore, device == [owedBefore.user], phase != .notRunning {
            let stands = owedBefore.lasting ? needsSheet : calls.isEmpty && phase == .foreground && facts.phaseBefore == .foreground
            if stands { owed = owedBefore }
        }
        return found
    }

    /// The calls the app made during the step: those filed under it, and those it made in it for
    /// the work of an earlier request (a follow-up of a held answer, filed under the request that
    /// began that work: "late, answered during step N"), in the order made. What the app learned
    /// from them it learned now: an app whose account check after a release saw alice, and whose
    /// silent call then needed interaction, has seen alice and had no clean chance, whichever
    /// request the calls are filed under. The held answers themselves are left out: they answer
    /// what the device was when they were asked.
    static func madeIn(_ filed: [BrokerCallRecord], answeredNow: [BrokerCallRecord]) -> [BrokerCallRecord] {
        let sequences = Set(filed.map(\.sequence))
        let followUps = answeredNow.filter { !$0.held && !sequences.contains($0.sequence) }
        return followUps.isEmpty ? filed : (filed + followUps).sorted { $0.sequence < $1.sequence }
    }

    /// The late-answer rule: at the release of an answer the app asked for before the device changed
    /// (another user, nobody, or the same user's new session), where nobody is on the device now, the
    /// app has had a clean chance since and showed nobody before the release, and nothing in the step
    /// was scripted to fail, the app still shows nobody: the late answer signs nobody back in. (With
    /// another user on the device, EX-DATA's `noDataOf` the previous user says it; EX-DATA and
    /// EX-BACKEND judge this step for the ended session's data and token too.)
    private func judgeLate(_ facts: StepFacts, action: Step.Action, at index: Int, in judged: JudgedStep) async -> [Issue] {
        guard action == .release, let atHold else { return [] }
        self.atHold = nil
        let changed = device != atHold.device || device.contains { sessionCounts[$0] != atHold.sessions[$0] }
        guard changed, informed, !facts.calls.contains(where: { $0.scripted.meaning.disturbs }) else { return [] }
        // The calls the release let go on (the held call among them), each with its scripted answer.
        let late = await Self.scripted(facts.answeredNow, by: judged.broker)
        if await refusesLateToken(late, in: judged) { lateTokenRefused = true }
        if promptsForDeparted(late) { latePromptForDeparted = true }
        if let present = signedOutForDeparted(late, before: judged.before) {
            return await apply(.late, at: index, in: judged, [.signedIn(account: present)])
        }
        guard device.isEmpty, phase == .foreground, judged.before.signedInAccount == nil else { return [] }
        return await apply(.late, at: index, in: judged, [.signedOut])
    }

    /// The user on the device, when the late answer made the app ask silently for a user who has
    /// left, and the app had shown that user signed in before the release, in the foreground, with
    /// no interaction needed: the app applied an answer older than what it had seen (a superseded
    /// account check) and must still show the device's user signed in after it. An app that then
    /// puts up the sheet is judged at the end too (`promptsForDeparted`); one that waits for the
    /// user's tap shows the mistake only here.
    private func signedOutForDeparted(_ late: [Call], before: Observation) -> String? {
        guard phase == .foreground, device.count == 1, let present = device.first, !interactionNeeded,
            before.signedInAccount.flatMap(user(identifiedBy:)) == present,
            late.contains(where: { !$0.call.held && askedForAbsentAccount($0) })
        else { return nil }
        return present
    }

    /// Whether a call the release let go on, made under the request that started its work and so
    /// filed under that earlier step, sent the backend a token it refused, with nothing scripted:
    /// a late token used after the app learned that its session ended. EX-BACKEND judges it at the
    /// end, over the whole history, where a replay of the counterexample sees the call too (a
    /// step's checks count only the calls filed under it). A token of an earlier session of the
    /// user on the device now is excused, as at any step.
    private func refusesLateToken(_ late: [Call], in judged: JudgedStep) async -> Bool {
        guard !late.contains(where: { $0.scripted.meaning.disturbs }),
            late.contains(where: { $0.call.method == .fetchRecords && $0.call.failed && $0.scripted == nil })
        else { return false }
        return await !refusesEarlierSessionOfDeviceUser(late, in: judged)
    }

    /// Whether the work a release let go on, after the app had learned of the change, asked silently
    /// for an account no longer on the device, was refused (-50002, unscripted), and then presented
    /// the sheet: the app applied an answer (an account check) that a newer one had superseded. Not
    /// while the device's own account needs the sheet, or with more than one account on it: a prompt
    /// may then have a reason of its own. The held call itself is not counted: it was asked before
    /// the change, for an account that was there.
    private func promptsForDeparted(_ late: [Call]) -> Bool {
        guard device.count <= 1, !interactionNeeded else { return false }
        let afterHeld = late.filter { !$0.call.held }
        guard let refused = afterHeld.firstIndex(where: askedForAbsentAccount) else { return false }
        return afterHeld[(refused + 1)...].contains { $0.call.method == .acquireToken }
    }

    /// The prompt rule: no prompt unless the user tapped sign in, interaction is required (the token
    /// state, or a silent call answered -50002), or the user pulled to refresh with nobody signed in
    /// on the device; at most one per event received, and one after fewer scopes were granted; and
    /// one more for each prompt that follows a silent call answered -50002 after the prompt before
    /// it (the broker asked for interaction again after the sheet, which the app cannot tell apart).
    private func judgePrompts(_ calls: [Call], action: Step.Action, deviceBefore: [String], interactionNeededBefore: Bool, at index: Int, in judged: JudgedStep)
        async -> [Issue]
    {
        let prompts = calls.filter { $0.call.method == .acquireToken }
        guard !prompts.isEmpty else { return [] }
        let interactionRequired = calls.contains { $0.call.method == .acquireTokenSilent && $0.call.failed(with: -50002) }
        let allowed = action == .app(.tapSignIn) || interactionRequired || interactionNeededBefore || (action == .app(.refresh) && deviceBefore.isEmpty)
        guard allowed else { return await apply(.prompt, at: index, in: judged, [.calls(method: .acquireToken, range: .exactly(0))]) }
        var events = judged.broadcastsDelivered
        if case .app = action { events += 1 }
        let declined = prompts.contains { $0.scripted.meaning.declinesScopes }
        // After fewer scopes were granted the sheet comes back only when interaction is required again.
        let most = (declined && !interactionRequired ? 1 : max(1, events)) + Self.promptsAskedAgain(calls)
        guard prompts.count > most else { return [] }
        return await apply(.prompt, at: index, in: judged, [.calls(method: .acquireToken, range: CountRange(atLeast: 0, atMost: most))])
    }

    /// The prompts after the first whose reason came after the prompt before: a silent call answered
    /// InteractionRequired in between. Prompts that -50002 answers all made before the first
    /// (a sheet per resource, where one sheet would do) have no such reason.
    private static func promptsAskedAgain(_ calls: [Call]) -> Int {
        var again = 0
        var prompted = false
        var askedSince = false
        for call in calls {
            if call.call.method == .acquireToken {
                if prompted, askedSince { again += 1 }
                prompted = true
                askedSince = false
            } else if prompted, call.call.method == .acquireTokenSilent, call.call.failed(with: -50002) {
                askedSince = true
            }
        }
        return again
    }

    package func judgeEnd(_ end: JudgedStep) async -> [Issue] {
        var found: [Issue] = []
        // The check counts every refused download of the history: one scripted to fail would count too.
        if lateTokenRefused, await !scriptsRefusal(in: end) {
            found += await apply(.backend, at: nil, in: end, [.calls(method: .fetchRecords, range: .exactly(0), filter: CallFilter(answered: .error))])
        }
        // Counted over the whole history: the late prompt is filed under the step that started its work.
        if latePromptForDeparted {
            found += await apply(.late, at: nil, in: end, [.calls(method: .acquireToken, range: .exactly(0))])
        }
        if interactiveOnly, end.calls.contains(where: { $0.method == .acquireToken && !$0.failed }) {
            found += await apply(.scopes, at: nil, in: end, [.scopesCovered])
        }
        return found
    }

    /// Whether a download of the history failed because a step scripted it to.
    private func scriptsRefusal(in end: JudgedStep) async -> Bool {
        await Self.scripted(end.calls.filter { $0.method == .fetchRecords && $0.failed }, by: end.broker).contains { $0.scripted != nil }
    }

    /// `records` with the scripted answer each took: a call that reaches the broker takes its
    /// method's next scripted answer, if any.
    private static func scripted(_ records: [BrokerCallRecord], by broker: SimulatedBroker) async -> [Call] {
        var calls: [Call] = []
        for record in records { calls.append((record, await broker.scriptedAnswer(ofCall: record.sequence))) }
        return calls
    }

    /// Judges one rule's checks at step `index` (nil: at the end, over the whole history): the
    /// issues they find, and the rule's first violation remembered. With `whileHeld`, the checks ask
    /// nothing an app could be waiting for a held answer to do, so they judge while one is held too.
    private func apply(_ rule: Rule, at index: Int?, in judged: JudgedStep, whileHeld: Bool = false, _ checks: [Expectation]) async -> [Issue] {
        guard rules.contains(rule), !checks.isEmpty, index == nil || whileHeld || judging.judges(rule) else { return [] }
        checksMade += 1
        let issues = await judged.evaluate(checks)
        guard !issues.isEmpty else { return [] }
        if !violations.contains(where: { $0.rule == rule }) {
            violations.append(Violation(rule: rule, stepIndex: index, checks: checks, issues: issues))
        }
        return issues
    }

    /// The account whose identifier or username the app reported as signed in.
    /// Whether the backend refused, unscripted, a token of an earlier session of the one user on the
    /// device now (a session that ended where the app could not see it end).
    private func refusesEarlierSessionOfDeviceUser(_ calls: [Call], in judged: JudgedStep) async -> Bool {
        guard device.count == 1 else { return false }
        let sessions = await judged.broker.sessions(of: device[0])
        guard let current = sessions.last else { return false }
        return calls.contains { call in
            guard call.scripted == nil, call.call.method == .fetchRecords, call.call.failed,
                case .fetchRecords(let token) = call.call.call, !token.contains(current.marker)
            else { return false }
            return sessions.dropLast().contains { token.contains($0.marker) }
        }
    }

    /// Whether `call` is a sheet, unscripted, that nobody completed (-50005: nobody at the device), put
    /// up after `wrongQuestion`: following the app's own silent call for an account that has left,
    /// it is the app's doing too, and excuses nothing.
    private static func dismissedUnscripted(_ call: Call, after wrongQuestion: Call?) -> Bool {
        guard let wrongQuestion else { return false }
        return call.scripted == nil && call.call.method == .acquireToken && call.call.failed(with: -50005) && call.call.sequence > wrongQuestion.call.sequence
    }

    /// Whether `call` is a silent call, unscripted, that the broker refused (-50002) because the app
    /// asked for an account that is not on the device: a wrong question, which excuses nothing.
    private func askedForAbsentAccount(_ call: Call) -> Bool {
        guard call.scripted == nil, call.call.method == .acquireTokenSilent, call.call.failed(with: -50002),
            case .acquireTokenSilent(let parameters) = call.call.call,
            let asked = parameters.accountIdentifier.flatMap(user(identifiedBy:))
        else { return false }
        return !device.contains(asked)
    }

    private func user(identifiedBy reported: String) -> String? {
        let needle = reported.lowercased()
        return identities.first { $0.value.contains(needle) }?.key
    }
}
