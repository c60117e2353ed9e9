import SingleLoginAdapter
import SingleLoginSpec

/// Writes random histories that a real shared device allows, as scenarios of the spec
/// vocabulary: a starting state, then app lifecycle events, Jamf Setup and Reset, user
/// changes, broadcasts (bursts too), the user's taps and scripted broker answers.
///
/// The same seed and index always give the same history. Weights favour what breaks apps:
/// changes while the app is suspended or not running, broadcasts right after the app's own
/// sign-in or a refresh, cancellations after a relaunch, failures of the account check.
package struct DeviceModel: Sendable {
    /// The accounts histories use, in order of preference.
    package var accounts: [String]
    /// The scripted answers histories may use.
    package var menu: AnswerMenu
    /// The most steps a history has.
    package var maxSteps: Int
    /// Whether histories may hold the answer to one of the app's calls across later steps
    /// (`holdNext`, `release`): only for an adapter that declared `concurrentCalls`. Without it the
    /// histories are exactly those the model wrote before it could hold.
    package var holdsAnswers: Bool

    /// Creates a model.
    package init(accounts: [String] = ExploreAccounts.names, menu: AnswerMenu = .standard, maxSteps: Int = 12, holdsAnswers: Bool = false) {
        self.accounts = accounts
        self.menu = menu
        self.maxSteps = max(1, maxSteps)
        self.holdsAnswers = holdsAnswers
    }

    /// History `index` of the run with `seed`.
    package func history(seed: UInt64, index: Int) -> Scenario {
        var random = SeededGenerator(seed: seed, index: index)
        let given = self.given(&random)
        var state = ModelState(given: given)
        let length = 1 + Int(random.next() % UInt64(maxSteps))
        var steps: [Step] = []
        var context = Context()
        while steps.count < length {
            guard let action = nextAction(state, context, &random), state.allows(action) else { continue }
            state.apply(action)
            context.note(action)
            steps.append(Step(action))
        }
        let history = Scenario(name: "history \(index + 1)", given: given, steps: steps, expect: [])
        return holdsAnswers ? holdingAnswer(in: history, seed: seed, index: index) : history
    }

    /// What the last steps were, to bias the next one.
    struct Context {
        var last: Step.Action?
        var launches = 0
        var scripted: BrokerMethod?
        /// The app signed in through the web view (a sign-in tap took a scripted SSO-extension
        /// failure) and the device has not changed since: its own cache holds that user's tokens.
        var webViewSignIn = false
        private var sheetFailsOver = false

        mutating func note(_ action: Step.Action) {
            switch action {
            case .app(.tapSignIn): webViewSignIn = webViewSignIn || sheetFailsOver
            case .globalSignIn, .globalSignOut, .switchUser: webViewSignIn = false
            default: break
            }
            last = action
            if case .app(.launch) = action { launches += 1 }
            if case .answerNext(let method, let answer) = action {
                scripted = method
                if method == .acquireToken { sheetFailsOver = if case .ssoExtensionFailure = answer { true } else { false } }
            } else if case .app = action {
                scripted = nil
                sheetFailsOver = false
            }
        }
    }

    private func given(_ random: inout SeededGenerator) -> Given {
        let first = random.weighted([(accounts.first, 40), (accounts.dropFirst().first, 12), (accounts.dropFirst(2).first, 8), (nil as String?, 40)]) ?? nil
        var signedIn = first.map { [$0] } ?? []
        // Now and then a device MSAL reports as ambiguous: a second account signed in beside the first.
        if let first, random.chance(0.04) { signedIn.append(pickAccount(&random, other: first)) }
        let token: Given.TokenState = !signedIn.isEmpty && random.chance(0.15) ? .interactionRequired : .valid
        // The signed-in user holds the device (the broker's default); with nobody signed in, mostly
        // someone walks up to it, sometimes nobody does (a sheet is then dismissed); now and then
        // someone else holds it than the one signed in.
        var holder: String? = nil
        if signedIn.isEmpty {
            holder = random.chance(0.75) ? pickAccount(&random) : nil
        } else if random.chance(0.08) {
            holder = pickAccount(&random, other: signedIn[0])
        }
        return Given(deviceMode: .shared, signedIn: signedIn, token: token, userAtDevice: holder)
    }

    func pickAccount(_ random: inout SeededGenerator, other excluded: String? = nil) -> String {
        let weights = [50, 30, 20, 10, 10]
        let choices = accounts.enumerated().filter { $0.element != excluded }.map { ($0.element, weights[min($0.offset, weights.count - 1)]) }
        return random.weighted(choices) ?? accounts[0]
    }

    private enum Kind { case launch, suspend, resume, terminate, tapSignIn, tapSignOut, refresh, device, broadcast, answer, clock }

    private func nextAction(_ state: ModelState, _ context: Context, _ random: inout SeededGenerator) -> Step.Action? {
        let justSignedIn: Bool = { if case .app(.tapSignIn) = context.last { true } else if case .app(.refresh) = context.last { true } else { false } }()
        let kinds: [(Kind, Int)]
        switch state.phase {
        case .notRunning:
            // The account changed while the app was not running: a failure scripted for the relaunch
            // is the cold start whose purge apps most often skip (its first sync offline, say).
            let changedWhileAway: Bool = {
                switch context.last {
                case .switchUser?, .globalSignIn?, .globalSignOut?: true;
                default: false
                }
            }()
            kinds = [
                (.launch, 50 + (context.scripted != nil ? 20 : 0)), (.answer, 18 + (changedWhileAway && context.scripted == nil ? 30 : 0)), (.device, 22),
                (.broadcast, 2), (.clock, 5),
            ]
        case .foreground:
            let relaunched = context.launches > 1 && { if case .app(.launch) = context.last { true } else { false } }()
            // Someone walks up to a signed-out device: how their sheet goes is worth scripting.
            let walkUp = state.device.isEmpty && state.holder != nil && context.scripted == nil
            // Signed in through the web view, the worker puts the device down: the handover that
            // follows (a Jamf Reset, the next worker) is what the app's own cached tokens hide.
            kinds = [
                (.suspend, 9 + (context.webViewSignIn ? 60 : 0)), (.terminate, 7), (.tapSignIn, 5), (.tapSignOut, 7),
                (.refresh, 8), (.device, 14), (.broadcast, 10 + (justSignedIn ? 18 : 0)),
                (.answer, 16 + (relaunched ? 10 : 0) + (walkUp ? 16 : 0)), (.clock, 5),
                // A scripted answer is most telling when the next event consumes it.
                (context.scripted == .acquireToken ? .tapSignIn : .refresh, context.scripted == .acquireToken ? 40 : context.scripted != nil ? 16 : 0),
            ]
        case .suspended:
            kinds = [
                (.resume, 40 + (context.scripted != nil ? 15 : 0)), (.terminate, 8), (.device, 28 + (context.webViewSignIn ? 90 : 0)), (.answer, 14),
                (.broadcast, 2), (.clock, 8),
            ]
        }
        guard let kind = random.weighted(kinds) else { return nil }
        switch kind {
        case .launch: return .app(.launch)
        case .suspend: return .app(.suspend)
        case .resume: return .app(.resume)
        case .terminate: return .app(.terminate)
        case .tapSignIn: return .app(.tapSignIn)
        case .tapSignOut: return .app(.tapSignOut)
        case .refresh: return .app(.refresh)
        case .broadcast: return .broadcast(count: random.chance(0.55) ? 1 : 2 + Int(random.next() % 4))
        case .clock:
            // Time passes: within a token's hour, just past it, two hours, a shift, a day; the long
            // waits mostly while the app is away (overnight the device sits in its dock).
            let away = state.phase != .foreground ? 3 : 1
            return .advanceClock(minutes: random.weighted([(20, 2), (61, 3), (70, 3), (120, 3), (600, away), (1440, away)]) ?? 70)
        case .device:
            guard let current = state.device.first else { return .globalSignIn(account: pickAccount(&random)) }
            if random.chance(0.5) { return .globalSignOut }
            // A namesake taking over is what an app comparing display names mistakes for the same user.
            let namesakes = ExploreAccounts.namesakes(of: current).filter(accounts.contains)
            if state.device.count == 1, let namesake = namesakes.first, random.chance(0.3) { return .switchUser(account: namesake) }
            return .switchUser(account: pickAccount(&random, other: state.device.count == 1 ? current : nil))
        case .answer:
            let relaunched = context.launches > 1
            let choices = menu.items.map { item in (item, Self.weight(of: item, afterRelaunch: relaunched, deviceEmpty: state.device.isEmpty)) }
            return random.weighted(choices).map { .answerNext(method: $0.method, answer: $0.answer) }
        }
    }

    /// How often a scripted answer is chosen: the failures apps mishandle most, most often. An
    /// answer this table does not name has weight 1, so one the vocabulary gains is played with no change here.
    static func weight(of item: AnswerMenu.Item, afterRelaunch: Bool, deviceEmpty: Bool = false) -> Int {
        switch (item.method, item.name) {
        case (.acquireToken, "complete") where item.account != nil: return deviceEmpty ? 4 : 1
        case (.acquireToken, "complete") where item.withoutBroadcast: return 1
        case (.signout, "complete") where item.withoutBroadcast: return 3
        case (_, "complete"): return 0
        case (.acquireTokenSilent, "interactionRequired"), (.acquireTokenSilent, "networkError"): return 5
        case (.acquireTokenSilent, "noIdToken"), (.acquireTokenSilent, "blankIdToken"), (.acquireTokenSilent, "ssoExtensionFailure"): return 2
        case (.acquireToken, "cancel"): return afterRelaunch ? 12 : 6
        case (.acquireToken, "noIdToken"), (.acquireToken, "blankIdToken"), (.acquireToken, "declinedScopes"): return 3
        // The web-view fallback leaves tokens in the app, which answer its silent calls after the device changed.
        case (.acquireToken, "ssoExtensionFailure"): return deviceEmpty ? 24 : 2
        case (.acquireToken, _): return 1
        case (.getCurrentAccount, "networkError"), (.getCurrentAccount, "ssoExtensionFailure"): return 3
        case (.getDeviceInformation, "ssoExtensionFailure"): return 2
        case (.signout, "networkError"), (.signout, "ssoExtensionFailure"): return 2
        case (.fetchRecords, "networkError"): return 1
        // The account-cache calls: rarely made, rarely scripted.
        case (.allAccounts, _), (.accountForIdentifier, _), (.accountForUsername, _), (.removeAccount, _), (.accountsFromDevice, _): return 0
        default: return 1
        }
    }
}
