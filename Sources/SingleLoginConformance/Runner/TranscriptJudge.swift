import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Re-judges a test case from its transcript alone, with no app: the same evaluator over the same
/// inputs the live run judged (each step's observation and broker facts, the calls it led to),
/// in the same order and with the same stopping rules as `TestCaseExecution`.
///
/// What the evaluator does not derive (a crash's or a hang's evidence, which quote the adapter's
/// stderr, an adapter error) is taken from the transcript, but only where its inputs say it
/// happened: a crash issue only at a step whose observation shows the crash, a hang only at a
/// step that was never observed.
public struct TranscriptJudge: Sendable {
    /// One observed step of a transcript.
    public struct ObservedStep: Sendable {
        /// The step's index (0-based).
        public var index: Int
        /// What the adapter reported after the step and its broadcasts.
        public var observation: Observation
        /// What the broker knew then (nil in a transcript from before facts were recorded).
        public var facts: BrokerFacts?
        /// How many of the transcript's calls came before this observation: what the run's checks of
        /// the step counted. A call made later under this step (a download that a held answer let go
        /// on) is the step's, but no check of the step saw it; nil: every call of the step counts.
        public var callsBefore: Int?

        /// Creates an observed step.
        public init(index: Int, observation: Observation, facts: BrokerFacts?, callsBefore: Int? = nil) {
            self.index = index
            self.observation = observation
            self.facts = facts
            self.callsBefore = callsBefore
        }
    }

    /// A test case as its transcript records it.
    public struct Transcript: Sendable {
        /// The test case.
        public var id: TestCaseID
        /// Every observation, in order.
        public var steps: [ObservedStep]
        /// Every call, in order.
        public var calls: [BrokerCallRecord]
        /// Every issue the run recorded, in order.
        public var issues: [Issue]
        /// How the run said it ended (nil when the transcript has no end).
        public var outcome: TestCaseResult.Outcome?

        /// Creates a transcript.
        public init(id: TestCaseID, steps: [ObservedStep], calls: [BrokerCallRecord], issues: [Issue], outcome: TestCaseResult.Outcome?) {
            self.id = id
            self.steps = steps
            self.calls = calls
            self.issues = issues
            self.outcome = outcome
        }
    }

    /// What re-judging found.
    public struct Judgement: Sendable {
        /// The issues the test case should have recorded, in order.
        public var issues: [Issue]
        /// The outcome those issues give.
        public var outcome: TestCaseResult.Outcome
        /// What in the transcript cannot be so (a missing end, facts that do not follow from the test case), one sentence each.
        public var problems: [String]
    }

    private let users: [String: SimulatedUser]

    /// A judge of `spec`'s scenarios.
    public init(spec: Spec) {
        users = SimulatedUser.all(of: spec)
    }

    /// Re-judges `transcript` of `scenario`.
    public func judge(_ transcript: Transcript, scenario: Scenario) -> Judgement {
        var problems: [String] = []
        guard let recorded = transcript.outcome else {
            problems.append("the transcript has no end (testCaseEnded): it is truncated")
            return Judgement(issues: transcript.issues, outcome: .errored, problems: problems)
        }
        switch recorded {
        case .waived:
            // A waiver accepts only failures and cases not judged: the case is judged as it ran,
            // and must have failed or not been judged.
            break
        case .skipped, .untested, .notRun, .doesNotApply, .notJudgedOnDevice:
            return Self.unplayed(transcript, recorded: recorded)
        case .passed, .failed, .errored, .notJudged: break
        }
        var issues: [Issue] = []
        var rest = transcript.issues
        /// Takes the recorded issues `accepts` admits, as the transcript holds them.
        func take(_ accepts: (Issue) -> Bool) -> Bool {
            let taken = rest.filter(accepts)
            rest.removeAll(where: accepts)
            issues += taken
            return !taken.isEmpty
        }
        var blocker: Blocker?
        /// Takes the recorded issue of a starting point that an app fault (a crash or a hang) kept
        /// from being reached, with the requirement that covers it, or the fault itself.
        func takeFault(at index: Int, _ accepts: (Issue) -> Bool) -> Bool {
            guard let covering = scenario.steps[index].startingPoint, let unmet = rest.first(where: { accepts($0) && $0.kind == .preconditionUnmet }) else {
                return take(accepts)
            }
            _ = take { $0 == unmet }
            blocker = Blocker(requirementID: covering, reason: unmet.message)
            return true
        }
        var lifecycle = AppLifecycle.notRunning  // as the execution drives it: a broker action leaves it as it was
        var last: (observation: Observation, facts: BrokerFacts)?
        var stopped = false
        var awaitingRelease = PreconditionsAwaitingRelease()
        for (index, step) in scenario.steps.enumerated() {
            guard let seen = transcript.steps.first(where: { $0.index == index }) else {
                // The test case ended in this step with no observation: the app hung, or the adapter or the scenario broke.
                let explained = takeFault(at: index) {
                    ($0.stepIndex == index && ($0.kind == .appHung || $0.kind == .preconditionUnmet)) || ($0.severity == .error && $0.stepIndex == nil)
                }
                if !explained {
                    problems.append(
                        "the transcript ends before step \(index + 1) of \(scenario.steps.count) was observed, and records no reason: it is truncated")
                }
                stopped = true
                break
            }
            guard let facts = seen.facts else {
                problems.append("step \(index + 1)'s observation records no broker facts, so it cannot be re-judged")
                stopped = true
                break
            }
            problems += factsProblems(facts, step: index, testCase: transcript.id)
            if case let .app(event) = step.action { lifecycle = lifecycle.after(event) }
            let observation = seen.observation
            last = (observation, facts)
            if observation.crashed || (lifecycle != .notRunning && !observation.running) {
                if !takeFault(at: index, { $0.stepIndex == index && $0.severity == .failure && ($0.kind == .appCrashed || $0.kind == .preconditionUnmet) }) {
                    problems.append("step \(index + 1)'s observation shows the app crashed, but the transcript records no crash")
                }
                stopped = true
                break
            }
            let evaluator = ExpectationEvaluator(users: users, facts: facts)
            let judgement = awaitingRelease.judge(
                step, index: index, evaluator: evaluator, observation: observation,
                calls: transcript.calls.prefix(seen.callsBefore ?? transcript.calls.count).filter { $0.stepIndex == index })
            if case .blocked(let issue, let blocked) = judgement {
                issues.append(issue)
                blocker = blocked
                stopped = true
                break
            } else if case .judged(let found) = judgement {
                issues += found
            }
        }
        if !stopped, let last {
            let judgement = CheckJudgement.judge(
                preconditions: scenario.preconditions, subject: scenario.expect, evaluator: ExpectationEvaluator(users: users, facts: last.facts),
                observation: last.observation, calls: transcript.calls, stepIndex: nil, description: nil, location: scenario.location)
            switch judgement {
            case .judged(let found): issues += found
            case .blocked(let issue, let blocked):
                issues.append(issue)
                blocker = blocked
            }
        }
        // An adapter that broke after the last step (or a scenario problem at the end) is the run's to report.
        _ = take { $0.severity == .error && $0.stepIndex == nil }
        // So are files left in the container after reset: a transcript holds no observation of the
        // reset to judge them from, and a failure the run recorded only makes the verdict worse.
        _ = take { $0.isFromReset && $0.severity == .failure }
        // So are the app's calls that came after the test case ended (protocol 1.6): refused, they
        // are in no transcript, and each only makes the verdict worse.
        _ = take { $0.kind == .appLateCall && $0.severity == .failure }
        let outcome = TestCaseResult.Outcome(issues: issues, blocker: blocker)
        guard case .waived = recorded else { return Judgement(issues: issues, outcome: outcome, problems: problems) }
        // The waiver stands when the case re-judges as a failure (or not judged), as a waiver needs.
        switch outcome {
        case .failed, .notJudged:
            return Judgement(issues: issues, outcome: recorded, problems: problems)
        case .passed, .errored, .waived, .skipped, .untested, .notRun, .doesNotApply, .notJudgedOnDevice:
            problems.append(
                "a waived test case re-judges as \(outcome == .passed ? "passed" : "errored"), but a waiver applies to failures and cases not judged only")
            return Judgement(issues: issues, outcome: outcome, problems: problems)
        }
    }

    /// A case with nothing to judge: a skip or an interruption, which the plan and the manifest
    /// account for. One never played records nothing; a device pass's case it did not judge may
    /// hold the steps before the tester stopped.
    private static func unplayed(_ transcript: Transcript, recorded: TestCaseResult.Outcome) -> Judgement {
        let neverPlayed =
            switch recorded {
            case .skipped, .untested: true
            default: false
            }
        let recordsPlay = !(transcript.steps.isEmpty && transcript.calls.isEmpty && transcript.issues.isEmpty)
        let problems = neverPlayed && recordsPlay ? ["a skipped test case records steps, calls or issues"] : []
        return Judgement(issues: transcript.issues, outcome: recorded, problems: problems)
    }

    /// What in one step's broker facts cannot be so: an account the spec does not have, or a
    /// session marker that is not the one the broker derives for that session of `testCase`.
    private func factsProblems(_ facts: BrokerFacts, step index: Int, testCase: TestCaseID) -> [String] {
        var problems: [String] = []
        for (name, markers) in facts.sessions.sorted(by: { $0.key < $1.key }) {
            guard users[name] != nil else { problems.append("step \(index + 1)'s facts name an account '\(name)' the spec does not have"); continue }
            for (offset, marker) in markers.enumerated()
            where marker != UserSession.marker(scenarioKey: testCase.description, user: name, number: offset + 1) {
                problems.append("step \(index + 1)'s facts give \(name)'s session \(offset + 1) the marker \(marker), which is not that session's")
            }
        }
        if facts.deviceAccounts.contains(where: { users[$0] == nil }) {
            problems.append("step \(index + 1)'s facts name a device account the spec does not have")
        }
        return problems
    }
}
