import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Reduces a violating history to a minimal one that still violates the same rule, by delta
/// debugging: drop runs of steps (halves first, then smaller), shorten and merge bursts, use
/// fewer distinct users (a later one replaced by an earlier one everywhere), simplify the
/// starting state. A candidate the device could not produce is skipped; one is kept only if
/// replaying it violates the same rule and its counterexample passes on the reference app.
struct Shrinker {
    let app: HistoryPlayer
    let reference: HistoryPlayer
    let rule: Rule
    let accounts: [String]
    /// How many candidates were replayed.
    private(set) var replays = 0
    private var tried = Set<Scenario>()

    init(app: HistoryPlayer, reference: HistoryPlayer, rule: Rule, accounts: [String] = ExploreAccounts.names) {
        self.app = app
        self.reference = reference
        self.rule = rule
        self.accounts = accounts
    }

    /// The smallest history found, with its violation: `history` itself when nothing smaller
    /// violates the rule and `acceptable` (its counterexample passes on the reference app), nil
    /// when neither it nor any smaller history makes an acceptable counterexample.
    mutating func shrink(_ history: Scenario, _ violation: Violation, acceptable: Bool) async -> (Scenario, Violation)? {
        var current: (Scenario, Violation)? = acceptable ? (history, violation) : nil
        var base = history
        tried.insert(history)
        var improved = true
        while improved, !Task.isCancelled {
            improved = false
            for candidate in candidates(of: base) {
                if let kept = await accept(candidate, over: base) {
                    current = (candidate, kept)
                    base = candidate
                    improved = true
                    break
                }
            }
        }
        return current
    }

    /// Looks for a shorter history that violates the rule among `budget` random ones of the device
    /// model, each shorter than `current`, and shrinks what it finds; the best one found, if any.
    /// The histories come from `seed`, so the search is as reproducible as the exploration.
    mutating func searchShorter(than current: (Scenario, Violation), model: DeviceModel, seed: UInt64, budget: Int) async -> (Scenario, Violation)? {
        var best: (Scenario, Violation)?
        var length = current.0.steps.count
        var index = 0
        while index < budget, length > 1, !Task.isCancelled {
            var shorter = model
            shorter.maxSteps = length - 1
            var candidate = shorter.history(seed: seed, index: index)
            candidate.name = current.0.name
            index += 1
            guard let violation = await accept(candidate, over: current.0, requireSimpler: false) else { continue }
            let shrunk = await shrink(candidate, violation, acceptable: true) ?? (candidate, violation)
            best = shrunk
            length = shrunk.0.steps.count
        }
        return best
    }

    /// The violation of the rule `candidate` shows, when it is a history the device allows, it
    /// violates the rule, and the counterexample it makes passes on the reference app.
    mutating func accept(_ candidate: Scenario, over base: Scenario, requireSimpler: Bool = true) async -> Violation? {
        if requireSimpler, !Self.measure(candidate).lexicographicallyPrecedes(Self.measure(base)) { return nil }
        guard ModelState.allows(candidate), tried.insert(candidate).inserted else { return nil }
        replays += 1
        guard let violation = await app.play(candidate).violation(of: rule) else { return nil }
        let result = await reference.check(Counterexample.scenario(candidate, violation), as: HistoryPlayer.requirement)
        return result.outcome == .passed ? violation : nil
    }

    /// How complex a history is, compared in order: steps, then suspends and resumes (a restart is
    /// simpler to read), then the accounts it names (by rank: earlier ones are simpler), then the
    /// broadcasts in its bursts, then the minutes the clock advances, then its starting state. Every kept candidate is strictly simpler,
    /// so shrinking ends.
    static func measure(_ history: Scenario) -> [Int] {
        let lifecycle = history.steps.filter { $0.action == .app(.suspend) || $0.action == .app(.resume) }.count
        let ranks = Counterexample.accountsNamed(in: history).map { name in (ExploreAccounts.names.firstIndex(of: name) ?? 9) + 1 }.reduce(0, +)
        let broadcasts = history.steps.reduce(0) { total, step in if case .broadcast(let count) = step.action { total + count } else { total } }
        let given = history.given.signedIn.count + (history.given.token == .valid ? 0 : 1) + (history.given.userAtDevice == nil ? 0 : 1)
        let minutes = history.steps.reduce(0) { total, step in if case .advanceClock(let minutes) = step.action { total + minutes } else { total } }
        return [history.steps.count, lifecycle, ranks, broadcasts, minutes, given]
    }

    /// Smaller and simpler variants of `history`, most promising first.
    func candidates(of history: Scenario) -> [Scenario] {
        stepsDropped(of: history) + deviceEventsSimplified(of: history) + stepsSimplified(of: history) + startSimplified(of: history)
    }

    /// Shorter histories: runs of steps dropped, lifecycle pairs and a hold and its release dropped together, an event of the running app made a fresh launch.
    private func stepsDropped(of history: Scenario) -> [Scenario] {
        var candidates: [Scenario] = []
        let steps = history.steps
        // Runs of steps, from half the history down to single steps, at every position.
        var size = max(1, steps.count / 2)
        while size >= 1 {
            for start in 0...(steps.count - size) {
                var candidate = history
                candidate.steps.removeSubrange(start..<(start + size))
                if !candidate.steps.isEmpty { candidates.append(candidate) }
            }
            if size == 1 { break }
            size = size > 3 ? size / 2 : size - 1
        }
        // A lifecycle pair dropped together: a launch and its terminate, a suspend and its resume,
        // a terminate and the next launch, a resume and the next suspend.
        let pairs: [AppEvent: AppEvent] = [.launch: .terminate, .suspend: .resume, .terminate: .launch, .resume: .suspend]
        for (index, step) in steps.enumerated() {
            guard case .app(let event) = step.action, let partner = pairs[event],
                let next = steps[(index + 1)...].firstIndex(where: {
                    if case .app(let other) = $0.action { [.launch, .suspend, .resume, .terminate].contains(other) } else { false }
                }),
                steps[next].action == .app(partner)
            else { continue }
            var candidate = history
            candidate.steps.remove(at: next)
            candidate.steps.remove(at: index)
            candidates.append(candidate)
        }
        // A hold dropped with its release: the same history without the late answer.
        for (index, step) in steps.enumerated() {
            guard case .holdNext = step.action, let release = steps[(index + 1)...].firstIndex(where: { $0.action == .release }) else { continue }
            var candidate = history
            candidate.steps.remove(at: release)
            candidate.steps.remove(at: index)
            candidates.append(candidate)
        }
        // An event of the running app made a fresh launch: the app's events before it dropped
        // (scripts and device events stay), so what it did at that event it does at launch.
        for (index, step) in steps.enumerated() where index > 0 {
            guard case .app(let event) = step.action, event != .launch, event != .terminate, event != .suspend else { continue }
            var candidate = history
            candidate.steps =
                steps.prefix(index).filter { if case .app = $0.action { false } else { true } } + [Step(.app(.launch))] + steps.suffix(from: index + 1)
            candidates.append(candidate)
        }
        return candidates
    }

    /// Fewer device events: a Jamf Reset and Setup made one user change, a device event or the app's first sign-in made the starting state.
    private func deviceEventsSimplified(of history: Scenario) -> [Scenario] {
        var candidates: [Scenario] = []
        let steps = history.steps
        // Jamf Reset then the next Jamf Setup, made one user change: where the Reset was, and
        // (when the app did something between them) where the Setup was.
        for (index, step) in steps.enumerated() where step.action == .globalSignOut {
            guard let next = steps[(index + 1)...].firstIndex(where: { $0.action.deviceAccountsAfter != nil }),
                case .globalSignIn(let account) = steps[next].action
            else { continue }
            var atReset = history
            atReset.steps[index] = Step(.switchUser(account: account))
            atReset.steps.remove(at: next)
            candidates.append(atReset)
            if next > index + 1 {
                var atSetup = history
                atSetup.steps[next] = Step(.switchUser(account: account))
                atSetup.steps.remove(at: index)
                candidates.append(atSetup)
            }
        }
        // A device event anywhere, made the starting state instead.
        for (index, step) in steps.enumerated() {
            var candidate = history
            switch step.action {
            case .globalSignIn(let account), .switchUser(let account): candidate.given.signedIn = [account]
            case .globalSignOut: candidate.given.signedIn = []
            default: continue
            }
            candidate.given.token = .valid
            candidate.steps.remove(at: index)
            candidates.append(candidate)
        }
        // The app's own first sign-in, made the starting state instead (whoever the model predicts
        // the sheet signs in, already signed in): later Jamf Setups become user changes.
        if history.given.signedIn.isEmpty, let tap = steps.firstIndex(where: { $0.action == .app(.tapSignIn) }),
            !steps.prefix(tap).contains(where: { $0.action.deviceAccountsAfter != nil })
        {
            var state = ModelState(given: history.given)
            for step in steps.prefix(through: tap) { state.apply(step.action) }
            if let holder = state.device.first {
                // The tap took the first answer scripted for the sheet, as the broker does.
                let script = steps.prefix(tap).firstIndex { if case .answerNext(.acquireToken, _) = $0.action { true } else { false } }
                candidates.append(Self.signedInFromTheStart(holder, replacing: [tap, script].compactMap { $0 }, in: history))
            }
        }
        return candidates
    }

    /// Simpler steps: a suspend and resume made a terminate and launch, shorter bursts, fewer users, shorter waits.
    private func stepsSimplified(of history: Scenario) -> [Scenario] {
        var candidates: [Scenario] = []
        let steps = history.steps
        // A suspend and its resume, made a terminate and a launch.
        for (index, step) in steps.enumerated() where step.action == .app(.suspend) {
            guard let resume = steps[(index + 1)...].firstIndex(where: { $0.action == .app(.resume) || $0.action == .app(.terminate) }),
                steps[resume].action == .app(.resume)
            else { continue }
            var candidate = history
            candidate.steps[index] = Step(.app(.terminate))
            candidate.steps[resume] = Step(.app(.launch))
            candidates.append(candidate)
        }
        // Bursts: merged, then shortened.
        candidates += Self.mergingAdjacent(in: history, \.broadcastCount) { .broadcast(count: min(100, $0)) }
        for (index, step) in steps.enumerated() {
            if let count = step.action.broadcastCount, count > 1 {
                for shorter in Set([1, count / 2]) where shorter < count && shorter >= 1 {
                    var candidate = history
                    candidate.steps[index] = Step(.broadcast(count: shorter))
                    candidates.append(candidate)
                }
            }
        }
        // Fewer distinct users: a later one replaced by an earlier one.
        let used = Counterexample.accountsNamed(in: history)
        for (laterIndex, later) in accounts.enumerated() where used.contains(later) {
            for earlier in accounts.prefix(laterIndex) {
                candidates.append(Self.replacing(later, with: earlier, in: history))
            }
        }
        // Time: adjacent steps merged, long waits shortened to just past a token's hour.
        candidates += Self.mergingAdjacent(in: history, \.clockMinutes) { .advanceClock(minutes: min(10_080, $0)) }
        for (index, step) in steps.enumerated() {
            if let minutes = step.action.clockMinutes, minutes > 70 {
                var candidate = history
                candidate.steps[index] = Step(.advanceClock(minutes: 70))
                candidates.append(candidate)
            }
        }
        return candidates
    }

    /// A simpler starting state: a valid token, one user or nobody signed in, nobody at the device.
    private func startSimplified(of history: Scenario) -> [Scenario] {
        var candidates: [Scenario] = []
        // A simpler starting state.
        var given = history.given
        if given.token != .valid { given.token = .valid; candidates.append(Self.with(given, history)); given = history.given }
        if given.signedIn.count > 1 {
            var one = given
            one.signedIn = [given.signedIn[0]]
            candidates.append(Self.with(one, history))
        }
        if !given.signedIn.isEmpty {
            var nobody = given
            nobody.signedIn = []
            nobody.token = .valid
            candidates.append(Self.with(nobody, history))
        }
        if given.userAtDevice != nil {
            var holder = given
            holder.userAtDevice = nil
            candidates.append(Self.with(holder, history))
        }
        return candidates
    }

    /// `history` with `holder` signed in from the start instead of by the steps at `removed` (the
    /// app's sign-in tap and the answer that completed it): later Jamf Setups become user changes.
    private static func signedInFromTheStart(_ holder: String, replacing removed: [Int], in history: Scenario) -> Scenario {
        var candidate = history
        candidate.given.signedIn = [holder]
        candidate.given.userAtDevice = nil
        candidate.given.token = .valid
        var state = ModelState(given: candidate.given)
        var rewritten: [Step] = []
        for (index, step) in history.steps.enumerated() where !removed.contains(index) {
            var action = step.action
            if case .globalSignIn(let account) = action, !state.device.isEmpty {
                guard state.device != [account] else { continue }
                action = .switchUser(account: account)
            }
            state.apply(action)
            rewritten.append(Step(action))
        }
        candidate.steps = rewritten
        return candidate
    }

    /// `history` with each pair of adjacent steps that `amount` reads merged into one step, the one `merged` makes of their sum.
    private static func mergingAdjacent(in history: Scenario, _ amount: (Step.Action) -> Int?, into merged: (Int) -> Step.Action) -> [Scenario] {
        history.steps.indices.dropLast().compactMap { index in
            guard let first = amount(history.steps[index].action), let second = amount(history.steps[index + 1].action) else { return nil }
            var candidate = history
            candidate.steps[index] = Step(merged(first + second))
            candidate.steps.remove(at: index + 1)
            return candidate
        }
    }

    private static func with(_ given: Given, _ history: Scenario) -> Scenario {
        var candidate = history
        candidate.given = given
        return candidate
    }

    /// `history` with every mention of account `old` naming `new` instead.
    static func replacing(_ old: String, with new: String, in history: Scenario) -> Scenario {
        func swap(_ name: String?) -> String? { name == old ? new : name }
        var candidate = history
        var signedIn: [String] = []
        for name in history.given.signedIn.map({ swap($0)! }) where !signedIn.contains(name) { signedIn.append(name) }
        candidate.given.signedIn = signedIn
        candidate.given.userAtDevice = swap(history.given.userAtDevice)
        candidate.steps = history.steps.map { step in
            switch step.action {
            case .globalSignIn(let account): return Step(.globalSignIn(account: swap(account)!))
            case .switchUser(let account): return Step(.switchUser(account: swap(account)!))
            case .answerNext(let method, .complete(let account?, let broadcast)):
                return Step(.answerNext(method: method, answer: .complete(account: swap(account), broadcast: broadcast)))
            default: return step
            }
        }
        return candidate
    }
}

extension Step.Action {
    /// A broadcast's count; nil for any other action.
    fileprivate var broadcastCount: Int? { if case .broadcast(let count) = self { count } else { nil } }
    /// A clock advance's minutes; nil for any other action.
    fileprivate var clockMinutes: Int? { if case .advanceClock(let minutes) = self { minutes } else { nil } }
}
