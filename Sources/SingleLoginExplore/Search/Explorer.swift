import Foundation
import SingleLoginTransport
import Synchronization
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec

/// Plays random histories against an app until a rule is violated or the runs or the time
/// budget are used up; then shrinks the first violating history, confirms it, and makes it a
/// counterexample.
///
/// Histories are numbered; history `i` depends only on the seed and `i`. With several jobs,
/// each plays the next unplayed number, and the first violation reported is the lowest-numbered
/// one, so results do not depend on `--jobs`.
package struct Explorer: Sendable {
    /// The options.
    package var options: ExploreOptions
    /// The device model that writes the histories.
    package var model: DeviceModel
    private let makeProvider: @Sendable () -> any AdapterProvider
    private let makeReference: @Sendable () -> any AdapterProvider

    /// Creates an explorer; `makeProvider` is called once per job, `makeReference` once for the reference app.
    package init(
        options: ExploreOptions, makeProvider: @escaping @Sendable () -> any AdapterProvider,
        makeReference: @escaping @Sendable () -> any AdapterProvider = { InProcessAdapterProvider { ReferenceAppAdapter() } }
    ) {
        self.options = options
        model = DeviceModel(maxSteps: options.maxSteps)
        self.makeProvider = makeProvider
        self.makeReference = makeReference
    }

    /// Explores; `progress` is called after every history (from any job).
    package func explore(progress: @escaping @Sendable (ExploreProgress) -> Void = { _ in }) async -> ExploreResult {
        var result = ExploreResult(seed: options.seed, rules: Rule.allCases.filter(options.rules.contains))
        let providers = (0..<options.jobs).map { _ in makeProvider() }
        let referenceProvider = makeReference()
        let players = providers.map { HistoryPlayer(provider: $0, rules: options.rules) }
        let reference = HistoryPlayer(provider: referenceProvider, rules: options.rules)
        let started = ContinuousClock.now
        var start = 0
        // The device model as this adapter can play it: histories hold answers only for one that declared concurrentCalls.
        var model = model
        do {
            let identity = try await providers[0].adapter().identity
            result.identity = identity
            model.holdsAnswers = identity.declares(.concurrentCalls)
        } catch {
            let issue = Self.issue(for: error)
            result.failure = ExploreResult.Failure(
                index: options.history(0), history: model.history(seed: options.seed, index: options.history(0)), issue: issue,
                result: TestCaseResult(
                    id: TestCaseID(requirementID: HistoryPlayer.requirement.id, scenarioName: "start"), requirement: HistoryPlayer.requirement,
                    outcome: .errored, duration: 0, issues: [issue], adapterLog: await providers[0].takeLog()))
        }
        while result.failure == nil {
            let round = await playRound(from: start, model: model, players: players, started: started, progress: progress, totals: &result)
            if Task.isCancelled { result.interrupted = true }
            guard let (local, outcome) = round else { break }
            // Another job may have played past it: those histories count once, when played again after it.
            result.runs = min(result.runs, local + 1)
            // Reported by the seed's numbering, which a shard shares with the whole exploration.
            let index = options.history(local)
            let history = model.history(seed: options.seed, index: index)
            if let issue = outcome.error {
                result.failure = ExploreResult.Failure(index: index, history: history, issue: issue, result: outcome.result)
                break
            }
            guard let violation = outcome.first else { break }
            let shrinkStarted = ContinuousClock.now
            let made = await counterexample(
                of: history, index: index, violation: violation, model: model, app: players[0], reference: reference, result: &result)
            result.shrinkSeconds += (ContinuousClock.now - shrinkStarted).inSeconds
            if made || result.notReproducible != nil || Task.isCancelled {
                result.finding = ExploreResult.Finding(index: index, history: history, violation: violation, seconds: (shrinkStarted - started).inSeconds)
                break
            }
            // The reference app fails the same checks: the rule cannot tell here. Go on after it.
            result.setAside.append(ExploreResult.Finding(index: index, history: history, violation: violation, seconds: (shrinkStarted - started).inSeconds))
            start = local + 1
        }
        result.exploreSeconds = max(0, (ContinuousClock.now - started).inSeconds - result.shrinkSeconds)
        for provider in providers {
            await provider.close()
            // Late calls of the app's tasks that outlived a history, while exploring or shrinking.
            result.lateCalls += await provider.takeLateCalls()
        }
        await referenceProvider.close()
        return result
    }

    /// Plays histories `start...` on every job until one violates a rule or breaks, or the runs,
    /// the budget or the task run out; returns the lowest-numbered such history.
    private func playRound(
        from start: Int, model: DeviceModel, players: [HistoryPlayer], started: ContinuousClock.Instant,
        progress: @escaping @Sendable (ExploreProgress) -> Void, totals: inout ExploreResult
    ) async -> (Int, HistoryOutcome)? {
        let shared = RoundState(RoundState.Shared(next: start, runs: totals.runs, judgements: totals.judgements))
        let options = options
        let deadline = options.timeBudget.map { started + $0 }
        let ruleCount = options.rules.count
        await withTaskGroup(of: Void.self) { group in
            for player in players {
                // On the provider's thread: a job never holds a thread of the cooperative pool.
                group.addTask(preferring: player.taskExecutor) {
                    while !Task.isCancelled {
                        if let deadline, ContinuousClock.now >= deadline { break }
                        let index = shared.state.withLock { state -> Int? in
                            guard state.next < options.runs, state.next < state.stop else { return nil }
                            defer { state.next += 1 }
                            return state.next
                        }
                        guard let index else { break }
                        let outcome = await player.play(model.history(seed: options.seed, index: options.history(index)))
                        if Task.isCancelled, outcome.error != nil { break }
                        let report = shared.state.withLock { state -> ExploreProgress in
                            state.runs += 1
                            state.judgements += outcome.judgements
                            if outcome.error != nil || outcome.first != nil {
                                state.stopped[index] = outcome
                                state.stop = min(state.stop, index)
                            }
                            return ExploreProgress(
                                runs: state.runs, elapsed: (ContinuousClock.now - started).inSeconds, judgements: state.judgements, rules: ruleCount)
                        }
                        progress(report)
                    }
                }
            }
        }
        let final = shared.state.withLock { $0 }
        totals.runs = final.runs
        totals.judgements = final.judgements
        guard let index = final.stopped.keys.min() else { return nil }
        return (index, final.stopped[index]!)
    }

    /// Shrinks, confirms and checks the counterexample of `history`; false when the reference app fails it too (the rule cannot tell).
    private func counterexample(
        of history: Scenario, index: Int, violation: Violation, model: DeviceModel, app: HistoryPlayer, reference: HistoryPlayer,
        result: inout ExploreResult
    ) async -> Bool {
        // A counterexample must pass on the reference app. When the history as found does not
        // make one (its checks depend on what this app did), a smaller history may.
        let asFound = await reference.check(Counterexample.scenario(history, violation), as: HistoryPlayer.requirement)
        var shrinker = Shrinker(app: app, reference: reference, rule: violation.rule)
        let shrunkPair = await shrinker.shrink(history, violation, acceptable: asFound.outcome == .passed)
        guard var (shrunk, shrunkViolation) = shrunkPair else { return false }
        // Delta debugging keeps the history's own way of breaking the rule; a shorter way may exist.
        if let shorter = await shrinker.searchShorter(
            than: (shrunk, shrunkViolation), model: model, seed: options.seed ^ 0x5348_5249_4E4B, budget: options.shorterSearch)
        {
            (shrunk, shrunkViolation) = shorter
        }
        result.shrinkReplays = shrinker.replays
        // Deterministic? Replay it several times: the same rule at the same step with the same checks, each time.
        for attempt in 1...options.confirmations {
            let replay = await app.play(shrunk)
            guard let again = replay.violation(of: violation.rule), again.matches(shrunkViolation) else {
                result.notReproducible = ExploreResult.NotReproducible(
                    reason:
                        "the shrunk history violated \(violation.rule.rawValue) once but not on replay \(attempt) of \(options.confirmations): the app or its adapter is not deterministic",
                    history: shrunk, violation: shrunkViolation)
                return false
            }
        }
        var made = Counterexample(
            rule: violation.rule, history: shrunk, violation: shrunkViolation, seed: options.seed, maxSteps: options.maxSteps, index: index,
            originalSteps: history.steps.count, confirmations: options.confirmations,
            result: TestCaseResult(id: TestCaseID(requirementID: "", scenarioName: ""), requirement: HistoryPlayer.requirement, outcome: .failed, duration: 0),
            events: [])
        // As `run --spec` will see it: it fails on the app, and passes on the reference app.
        var events: [Event] = []
        made.result = await app.check(made.scenario, as: made.summary) { events.append($0) }
        made.events = events
        let onReference = await reference.check(made.scenario, as: made.summary)
        guard made.result.outcome == .failed, onReference.outcome == .passed else {
            result.notReproducible = ExploreResult.NotReproducible(
                reason:
                    "the counterexample spec did not fail on the app as the oracle did (outcome: \(made.result.outcome)); the app or its adapter is not deterministic",
                history: shrunk, violation: shrunkViolation)
            return false
        }
        result.counterexample = made
        return true
    }

    /// What the jobs of one round share: the next history to play, where to stop, what stopped them.
    private final class RoundState: Sendable {
        struct Shared {
            var next: Int
            var stop = Int.max
            var stopped: [Int: HistoryOutcome] = [:]
            var runs: Int
            var judgements: Int
        }

        let state: Mutex<Shared>
        init(_ shared: Shared) { state = Mutex(shared) }
    }

    static func issue(for error: any Error) -> Issue {
        if let failure = error as? AdapterFailure {
            return Issue(severity: .error, kind: .adapter(failure.kind), message: failure.message, observed: failure.stderrTail)
        }
        return Issue(severity: .error, kind: .adapter(.adapterError), message: "the adapter could not start: \(error)")
    }
}
