import SingleLoginAdapter
import SingleLoginSpec

extension DeviceModel {
    /// How often a history holds an answer, for an adapter that declared `concurrentCalls`.
    static let holdChance = 0.3
    /// Mixed into the seed of the generator that places holds ("HOLD"), so its numbers are not the history's own.
    static let holdSalt: UInt64 = 0x484F_4C44

    /// `history` as it is, or (``holdChance`` of the time) holding the answer to one of the app's
    /// calls across later steps: a `holdNext` before an event that makes the call, the history's
    /// next steps (half the time a device event or the user's own sign-out right after the event),
    /// then a `release`; at a resume, now and then, the device handed over just before it (see
    /// ``holdPlaces(in:given:)``). The choices come from a generator of their own, so the
    /// history's own steps are drawn exactly as without holds; a holding history keeps its first
    /// `maxSteps - 3` steps (one fewer with a hand-over), so that with the hold, the event and the
    /// release it is no longer than ``maxSteps``.
    func holdingAnswer(in history: Scenario, seed: UInt64, index: Int) -> Scenario {
        var random = SeededGenerator(seed: seed ^ Self.holdSalt, index: index)
        guard maxSteps >= 4, random.chance(Self.holdChance) else { return history }
        let base = Array(history.steps.prefix(maxSteps - 3))
        let places = holdPlaces(in: base, given: history.given)
        guard let chosen = random.weighted(places.indices.map { ($0, places[$0].weight) }) else { return history }
        var place = places[chosen]
        var handOver: Step.Action?
        if place.handsOver, let current = place.before.device.first {
            let next = Step.Action.switchUser(account: pickAccount(&random, other: current))
            place.before.apply(next)
            handOver = next
        }
        guard let method = random.weighted(place.methods) else { return history }
        let hold = Self.hold(method, at: base[place.index].action)
        var held = place.before
        held.apply(hold)
        held.apply(base[place.index].action)
        var following = Array(base.suffix(from: place.index + 1))
        // A hand-over is one step more: the history drops its last so as to stay within maxSteps.
        if handOver != nil, base.count + 4 > maxSteps, !following.isEmpty { following.removeLast() }
        // Half the time an event interferes right after the held one; always after a return to a
        // device that changed hands meanwhile, where giving it back is what the hold is for.
        let interfering = random.chance(0.5) || place.lastSeen != nil ? interference(after: held, lastSeen: place.lastSeen?.first, &random) : nil
        var rest = following
        if let interfering { rest.insert(Step(interfering), at: 0) }
        // Released after the first `count` of the steps that follow, most often right after one
        // that changed who is signed in or sent the app away; never past a terminate.
        let limit = rest.firstIndex { $0.action == .app(.terminate) } ?? rest.count
        let counts = (0...limit).map { count in (count, Self.releaseWeight(after: rest.prefix(count))) }
        let count = random.weighted(counts) ?? limit
        var holding = history
        let before = Array(base.prefix(place.index)) + (handOver.map { [Step($0)] } ?? []) + [Step(hold), base[place.index]]
        holding.steps = before + rest.prefix(count) + [Step(.release)] + rest.suffix(from: count)
        if ModelState.allows(holding) { return holding }
        // The event made a later step impossible (a Jamf Reset before a user change): hold without it.
        guard interfering != nil else { return history }
        holding.steps = before + following.prefix(max(0, count - 1)) + [Step(.release)] + following.suffix(from: max(0, count - 1))
        return ModelState.allows(holding) ? holding : history
    }

    /// A step of a history where the answer to one of the app's calls may be held.
    struct HoldPlace {
        /// The step's index in the history.
        var index: Int
        /// The model's state just before the step (before the hand-over, if any).
        var before: ModelState
        /// The calls worth holding there, with their weights.
        var methods: [(BrokerMethod, Int)]
        /// How likely the place is to be chosen.
        var weight: Int
        /// Who the app last saw on the device, when the step returns the app to a device that
        /// changed hands while it was away.
        var lastSeen: [String]?
        /// Whether a user change is put just before the step, while the app is away: the device
        /// handed over before a resume that would otherwise find nothing changed (to whom is drawn
        /// once the place is chosen, so that places not chosen draw nothing).
        var handsOver = false
    }

    /// The places in `steps` where an answer may be held. Who was on the device when the app last
    /// left the foreground (suspended, or ended while in it) is followed: a launch or resume after
    /// a change made meanwhile is where the account check is worth holding (what is drawn while it
    /// is under way, and the device going back to that user). A resume that finds nothing changed
    /// is also a place with the device handed over first, for such a change happens while the
    /// device is in someone else's hands and random histories rarely draw one there.
    func holdPlaces(in steps: [Step], given: Given) -> [HoldPlace] {
        var state = ModelState(given: given)
        var places: [HoldPlace] = []
        var deviceWhenAway: [String]?
        for (index, step) in steps.enumerated() {
            let comesBack = step.action == .app(.launch) || step.action == .app(.resume)
            let changedWhileAway = comesBack && deviceWhenAway.map { $0 != state.device } == true
            if let methods = Self.heldMethods(step.action, phase: state.phase, changedWhileAway: changedWhileAway) {
                places.append(
                    HoldPlace(
                        index: index, before: state, methods: methods, weight: Self.placeWeight(step.action, changedWhileAway: changedWhileAway),
                        lastSeen: changedWhileAway ? deviceWhenAway : nil))
            }
            // One step more must fit: in a history of maxSteps - 3 steps, a step after it to drop.
            let roomForHandOver = steps.count + 4 <= maxSteps || index + 1 < steps.count
            if step.action == .app(.resume), !changedWhileAway, roomForHandOver, state.device.count == 1,
                let methods = Self.heldMethods(step.action, phase: state.phase, changedWhileAway: true)
            {
                places.append(HoldPlace(index: index, before: state, methods: methods, weight: 2, lastSeen: state.device, handsOver: true))
            }
            let leavesForeground = state.phase == .foreground && (step.action == .app(.suspend) || step.action == .app(.terminate))
            state.apply(step.action)
            if leavesForeground { deviceWhenAway = state.device }
        }
        return places
    }

    /// The hold of `method` before `action`: at a Jamf Setup or a user change, the silent token call
    /// for the user who arrives, so that an app that first asks one for the user it knew (to see
    /// whether they are still there) has the new user's sign-in held, not that question.
    static func hold(_ method: BrokerMethod, at action: Step.Action) -> Step.Action {
        switch action {
        case .globalSignIn(let account) where method == .acquireTokenSilent, .switchUser(let account) where method == .acquireTokenSilent:
            .holdNext(method: method, account: account)
        default: .holdNext(method: method)
        }
    }

    /// How likely a place is to hold, against 1 for most: a launch or resume after the device
    /// changed hands while the app was away (the account check the app draws under), and a sign-in tap (the
    /// sheet, whose answer a Jamf Reset or a user change may overtake), are rarer in histories.
    static func placeWeight(_ action: Step.Action, changedWhileAway: Bool) -> Int {
        if changedWhileAway { return 4 }
        return action == .app(.tapSignIn) ? 3 : 1
    }

    /// The calls worth holding at `action` when the app is in `phase` before it, each with its
    /// weight (`changedWhileAway`: a launch or resume after the device changed hands while the app
    /// was away); nil when the app makes none worth holding there.
    static func heldMethods(_ action: Step.Action, phase: AppLifecycle, changedWhileAway: Bool = false) -> [(BrokerMethod, Int)]? {
        switch action {
        case .app(.launch) where changedWhileAway: [(.getCurrentAccount, 5), (.acquireTokenSilent, 3), (.fetchRecords, 2)]
        case .app(.launch): [(.acquireTokenSilent, 5), (.fetchRecords, 4), (.getCurrentAccount, 1)]
        case .app(.resume) where changedWhileAway: [(.getCurrentAccount, 8), (.acquireTokenSilent, 3), (.fetchRecords, 2)]
        case .app(.resume): [(.getCurrentAccount, 3), (.acquireTokenSilent, 3), (.fetchRecords, 3)]
        case .app(.refresh) where phase == .foreground: [(.acquireTokenSilent, 5), (.fetchRecords, 5)]
        case .app(.tapSignIn) where phase == .foreground: [(.acquireToken, 4), (.acquireTokenSilent, 3), (.fetchRecords, 3)]
        case .broadcast where phase == .foreground: [(.getCurrentAccount, 2), (.acquireTokenSilent, 3), (.fetchRecords, 3)]
        // A Jamf Setup or a user change: its broadcast's account check begins a sign-in, whose
        // silent token a later change may overtake.
        case .globalSignIn where phase == .foreground, .switchUser where phase == .foreground:
            [(.acquireTokenSilent, 4), (.getCurrentAccount, 1), (.fetchRecords, 2)]
        default: nil
        }
    }

    /// An event that makes a held answer late: a Jamf Reset or Setup, a user change, the user's own
    /// sign-out, or the app sent to the background; nil when none is possible. When the device
    /// changed hands while the app was away, it is most often given back to `lastSeen`, the user
    /// the app last saw: the answer of the check the app began on its return then names a user who
    /// has left, though the newest check finds nothing changed.
    private func interference(after state: ModelState, lastSeen: String?, _ random: inout SeededGenerator) -> Step.Action? {
        var choices: [(Step.Action, Int)] = []
        if let lastSeen, !state.device.contains(lastSeen) {
            choices.append((state.device.isEmpty ? .globalSignIn(account: lastSeen) : .switchUser(account: lastSeen), 20))
        }
        if let current = state.device.first {
            choices.append((.globalSignOut, 4))
            choices.append((.switchUser(account: pickAccount(&random, other: state.device.count == 1 ? current : nil)), 3))
        } else {
            choices.append((.globalSignIn(account: pickAccount(&random)), 2))
        }
        if state.phase == .foreground { choices += [(.app(.tapSignOut), 3), (.app(.suspend), 1)] }
        return random.weighted(choices.filter { state.allows($0.0) })
    }

    /// How likely a release is after `steps`: most after a step that changed who is signed in or
    /// sent the app away, then one step later.
    private static func releaseWeight(after steps: ArraySlice<Step>) -> Int {
        let interferes = { (step: Step) in
            step.action.deviceAccountsAfter != nil || step.action == .app(.tapSignOut) || step.action == .app(.suspend)
        }
        if let last = steps.last, interferes(last) { return 6 }
        if steps.count > 1, interferes(steps[steps.endIndex - 2]) { return 3 }
        return 1
    }
}
