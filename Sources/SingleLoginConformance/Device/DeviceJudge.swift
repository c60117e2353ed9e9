import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginRecorder
import SingleLoginSpec

/// Judges a device pass from its trace and the tester's confirmations, with the checks that judge
/// a simulated run: for each procedure, each step's observation (the checkpoint taken when the
/// tester confirmed it) and calls (the trace's lines since the step's instruction), and the facts
/// the steps and calls leave (`DeviceSessionModel`), through the same `CheckJudgement` and
/// evaluator as `run` and `verify`, for every test case the procedure covers.
///
/// What a device cannot show is never passed: a check of a kind a trace cannot judge makes its
/// test case not judged (with the reason), a skipped step skips its procedure's test cases, and a
/// test case no person can produce is skipped with the reason, each named in every report.
public struct DeviceJudge: Sendable {
    /// The verdicts, and what the reports say besides.
    public struct Judgement: Sendable {
        /// Every test case of the spec, in catalogue order.
        public var results: [TestCaseResult]
        /// What in the trace cannot be so, one sentence each (an unknown method, a missing checkpoint).
        public var problems: [String]
        /// The observations each test case was judged by, in step order: what the reports count
        /// as the pass's record of the device surfaces.
        public var observations: [TestCaseID: [Observation]] = [:]
    }

    /// Check kinds a trace cannot judge, and why.
    public static func notJudgeable(_ check: Expectation) -> String? {
        switch check {
        case .hasDataOf(_, let places) where places.contains(.screen): nil  // the tester's answer judges it
        case .hasDataOf: "hasDataOf in storage: a real backend's records carry no session marker, and the tester sees only the screen"
        case .calls, .signedIn, .signedOut, .noDataOf, .noErrorShown, .notCrashed, .noElement, .scopesCovered, .deviceSignedOut, .errorShown, .brokerEnabled:
            nil
        }
    }

    /// Check kinds a trace judges in part only: a failure stands, a pass does not prove the check.
    static func judgedInPart(_ check: Expectation) -> String? {
        guard case .noDataOf(let account, _, let session?) = check else { return nil }
        return "noDataOf \(account)'s session \(session): on a device only its tokens mark a session (a real backend's records carry no marker)"
    }

    private let spec: Spec
    private let users: DeviceUsers

    /// A judge of `spec`'s test cases, with `users` standing for `alice` and `bob`.
    public init(spec: Spec, users: DeviceUsers) {
        self.spec = spec
        self.users = users
    }

    /// Judges every test case of `plan` from `trace` and `confirmations`.
    public func judge(plan: DevicePlan, trace: DeviceTrace, confirmations: [DeviceConfirmation]) -> Judgement {
        var problems: [String] = []
        let simulated = makeUsers(trace: trace)
        var results: [TestCaseID: TestCaseResult] = [:]
        var observations: [TestCaseID: [Observation]] = [:]
        let brokerEnabled = !trace.lines.contains { $0.call?.error?.internalCode == MSALError.InternalCode.brokerNotAvailable.rawValue }
        for procedure in plan.procedures {
            let steps = Self.lastAttempts(confirmations, procedure: procedure.number)
            for covered in procedure.covers {
                var observed: [Observation] = []
                results[covered.id] = judge(
                    covered, procedure: procedure, steps: steps, trace: trace, users: simulated, brokerEnabled: brokerEnabled, problems: &problems,
                    observed: &observed)
                observations[covered.id] = observed
            }
        }
        for uncovered in plan.uncovered {
            results[uncovered.id] = TestCaseResult(
                id: uncovered.id, requirement: uncovered.requirement, outcome: .notJudgedOnDevice(reason: uncovered.reason), duration: 0)
        }
        let ordered = spec.requirements.flatMap { requirement in
            requirement.scenarios.compactMap { results[TestCaseID(requirementID: requirement.id, scenarioName: $0.name)] }
        }
        return Judgement(results: ordered, problems: problems, observations: observations)
    }

    /// The spec's users with the test users' identities: identifiers as the trace shows them for their usernames.
    func makeUsers(trace: DeviceTrace) -> [String: SimulatedUser] {
        var identifiers: [String: String] = [:]
        let accounts = trace.accounts
        for (name, username) in [(DevicePlan.firstUser, users.first.username), (DevicePlan.secondUser, users.second.username)] {
            if let identifier = accounts.first(where: { $0.username?.lowercased() == username.lowercased() && $0.identifier != nil })?.identifier {
                identifiers[name] = identifier
            }
        }
        var all: [String: SimulatedUser] = [:]
        for definition in users.definitions(identifiers: identifiers) { all[definition.name] = SimulatedUser(definition) }
        return all
    }

    /// The last attempt of each step of `procedure`, by step number.
    static func lastAttempts(_ confirmations: [DeviceConfirmation], procedure: Int) -> [Int: DeviceConfirmation] {
        var steps: [Int: DeviceConfirmation] = [:]
        for confirmation in confirmations where confirmation.procedure == procedure {
            if let earlier = steps[confirmation.step], earlier.attempt > confirmation.attempt { continue }
            steps[confirmation.step] = confirmation
        }
        return steps
    }

    private func judge(
        _ covered: DevicePlan.Procedure.Covered, procedure: DevicePlan.Procedure, steps: [Int: DeviceConfirmation], trace: DeviceTrace,
        users: [String: SimulatedUser], brokerEnabled: Bool, problems: inout [String], observed: inout [Observation]
    ) -> TestCaseResult {
        let scenario = covered.scenario
        func result(_ outcome: TestCaseResult.Outcome, _ issues: [Issue] = [], _ calls: [BrokerCallRecord] = []) -> TestCaseResult {
            TestCaseResult(id: covered.id, requirement: covered.requirement, outcome: outcome, duration: 0, issues: issues, transcript: calls)
        }
        let done = procedure.scenario.steps.count
        if let unconfirmed = Self.unconfirmed(procedure, steps: steps) { return result(unconfirmed) }
        // Pass 1: the calls replayed once over the whole procedure, for the sessions' markers.
        let replay = Self.replay(covered, steps: steps, trace: trace, model: DeviceSessionModel(users: users, given: scenario.given), problems: &problems)
        // A confirmation that names no checkpoint of the trace does not match the recording: the
        // step's screen is unknown, so the case is evidence missing, not a pass.
        if let mismatch = replay.mismatch { return result(.notRun(reason: mismatch)) }
        // Pass 2: judge each step as the run does, with the facts as they stood after it.
        var issues: [Issue] = []
        var allCalls: [BrokerCallRecord] = []
        var notJudged: [String] = []
        var presumed: [String] = []
        var inPart: [String] = []
        /// The preconditions a trace can judge; the others are presumed, and the report says so.
        func judgeable(_ preconditions: [Precondition]) -> [Precondition] {
            preconditions.filter { precondition in
                guard let reason = Self.notJudgeable(precondition.check) else { return true }
                presumed.append("\(precondition.requirementID)'s precondition (\(reason))")
                return false
            }
        }
        var blocker: Blocker?
        var judgedObservations: [Observation] = []
        defer { observed = judgedObservations }
        var last: (Observation, BrokerFacts)?
        var stopped = false
        for (index, step) in scenario.steps.enumerated() where covered.moments[index] != .hold {
            let replayed = replay.steps[index]
            var calls: [BrokerCallRecord] = []
            var phase = CallPhase.step
            for line in replayed.lines {
                if line.kind == .accountChanged { phase = .broadcasts }
                guard let call = line.call else { continue }
                guard let answered = replayed.calls[line.sequence] else {
                    problems.append(
                        BrokerMethod(rawValue: call.method) == nil
                            ? "\(covered.id): trace line \(line.sequence) records a method '\(call.method)' neither MSAL's seam nor the backend has"
                            : "\(covered.id): trace line \(line.sequence) records a call of '\(call.method)' without a parameter it needs"
                                + " (its scopes, identifier, username or access token)"
                    )
                    continue
                }
                calls.append(
                    BrokerCallRecord(sequence: allCalls.count + calls.count + 1, stepIndex: index, call: answered.call, answer: answered.answer, phase: phase))
            }
            allCalls += calls
            let moment = covered.moments[index]
            var subjectChecks = step.subjectChecks
            if case .launchAccountCheck = moment {
                // A recorder that took no screen as the launch's check answered (one older than this harness).
                guard replayed.observation != nil else { notJudged.append(Self.noLaunchCheckScreen); continue }
                subjectChecks = Self.whileAccountCheckPending(subjectChecks, notJudged: &notJudged)
            }
            guard let observed = replayed.observation else {
                stopped = true
                notJudged.append("step \(index + 1) has no observation")
                break
            }
            let observation = Self.renamed(observed, replay.rename)
            judgedObservations.append(observation)
            let facts = replayed.model.facts(markers: replay.markers, brokerEnabled: brokerEnabled)
            last = (observation, facts)
            inPart += subjectChecks.compactMap(Self.judgedInPart)
            let subject = subjectChecks.filter { check in
                guard let reason = Self.notJudgeable(check) else { return true }
                notJudged.append(reason)
                return false
            }
            let answers = moment.step.flatMap { steps[$0]?.dataShown } ?? [:]
            let judgement = Self.judge(
                preconditions: judgeable(step.judgedPreconditions), subject: subject, answers: answers,
                evaluator: ExpectationEvaluator(users: users, facts: facts, labels: self.users.labels),
                observation: observation, calls: calls, stepIndex: index, description: step.action.description, location: step.location)
            switch judgement {
            case .judged(let found): issues += found
            case .blocked(let issue, let blocked):
                issues.append(issue)
                blocker = blocked
                stopped = true
            }
            if stopped { break }
        }
        if !stopped, let (observation, facts) = last {
            inPart += scenario.expect.compactMap(Self.judgedInPart)
            let subject = scenario.expect.filter { check in
                guard let reason = Self.notJudgeable(check) else { return true }
                notJudged.append(reason)
                return false
            }
            let answers = steps[done]?.dataShown ?? [:]
            switch Self.judge(
                preconditions: judgeable(scenario.preconditions), subject: subject, answers: answers,
                evaluator: ExpectationEvaluator(users: users, facts: facts, labels: self.users.labels),
                observation: observation, calls: allCalls, stepIndex: nil, description: nil, location: scenario.location)
            {
            case .judged(let found): issues += found
            case .blocked(let issue, let blocked):
                issues.append(issue)
                blocker = blocked
            }
        }
        var outcome = TestCaseResult.Outcome(issues: issues, blocker: blocker)
        if outcome == .passed, !(notJudged + inPart).isEmpty {
            let reasons = Array(Set(notJudged + inPart)).sorted().joined(separator: "; ")
            // As a case no person can produce: said in every report, outside the gate. A `notJudged`
            // outcome means a precondition another requirement owns failed, which is not the case here.
            outcome = .notJudgedOnDevice(reason: reasons)
        }
        var judged = result(outcome, issues, allCalls)
        judged.adapterLog = Self.deviceNotes(procedure: procedure, confirmations: (0...done).compactMap { steps[$0] }, presumed: presumed)
        return judged
    }

    /// One step of pass 1: its trace lines (from its instruction to its checkpoint), each call's
    /// typed value and answer by its line's sequence, its observation, and the sessions after it.
    struct ReplayedStep {
        var lines: [TraceLine]
        var calls: [Int: (call: BrokerCall, answer: BrokerCallAnswer)]
        var observation: Observation?
        var model: DeviceSessionModel
    }

    /// Pass 1 over a procedure, the one replay of its calls: each step as it stood, and the markers
    /// and token digests of the sessions the whole procedure leaves, which pass 2 judges with. A
    /// step's lines run from where the moment before it in the same procedure step ended (or the
    /// step's instruction) to its checkpoint; a launch whose account check the scenario holds ends
    /// at the checkpoint the recorder took as that check answered, and has none when there is none.
    private static func replay(
        _ covered: DevicePlan.Procedure.Covered, steps: [Int: DeviceConfirmation], trace: DeviceTrace, model start: DeviceSessionModel,
        problems: inout [String]
    ) -> (steps: [ReplayedStep], markers: [String: [String]], rename: [String: String], mismatch: String?) {
        var model = start
        var mismatch: String?
        var replayed: [ReplayedStep] = []
        var taken: [Int: Int] = [:]  // the last sequence an earlier moment of a procedure step took
        for (index, step) in covered.scenario.steps.enumerated() {
            let moment = covered.moments[index]
            model.apply(step.action)
            guard let number = moment.step, let confirmation = steps[number] else {
                replayed.append(ReplayedStep(lines: [], calls: [:], observation: nil, model: model))
                continue
            }
            let first = taken[number] ?? confirmation.startSequence
            var end = confirmation.checkpointSequence ?? confirmation.startSequence
            let checkpoint: Checkpoint?
            if case .launchAccountCheck = moment {
                let answering = trace.lines.first {
                    $0.sequence > first && $0.sequence <= end && $0.checkpoint?.label == SessionRecorder.launchAccountCheckLabel
                }
                end = answering?.sequence ?? first
                checkpoint = answering?.checkpoint
            } else {
                checkpoint = trace.lines.first { $0.sequence == end }?.checkpoint
                if checkpoint == nil {
                    let missing = "step \(index + 1)'s checkpoint (line \(end)) is not in the trace: the tester's confirmation does not match the recording"
                    problems.append("\(covered.id): \(missing)")
                    mismatch = mismatch ?? missing
                }
            }
            taken[number] = end
            let lines = trace.lines.filter { $0.sequence > first && $0.sequence <= end }
            var calls: [Int: (call: BrokerCall, answer: BrokerCallAnswer)] = [:]
            for line in lines {
                guard let recorded = line.call, let call = Self.brokerCall(recorded) else { continue }
                calls[line.sequence] = (call, model.answer(recorded))
            }
            replayed.append(ReplayedStep(lines: lines, calls: calls, observation: checkpoint.map(\.observation), model: model))
        }
        return (replayed, model.markers, model.markerOfDigest, mismatch)
    }

    /// Why no test case of `procedure` is judged when one of its steps was not done or was skipped;
    /// nil when the tester confirmed every step.
    private static func unconfirmed(_ procedure: DevicePlan.Procedure, steps: [Int: DeviceConfirmation]) -> TestCaseResult.Outcome? {
        let done = procedure.scenario.steps.count
        for number in 0...done {
            guard let confirmation = steps[number] else {
                return .notRun(reason: "procedure \(procedure.number) was not finished on the device (step \(number) of \(done) not done)")
            }
            if let reason = confirmation.skipReason {
                return .notJudgedOnDevice(reason: "the tester skipped step \(number) of procedure \(procedure.number): \(reason)")
            }
        }
        return nil
    }

    /// The checks of a launch judged while its account check was under way: all but the tester's,
    /// who answers only once the launch is done (each left out is said in `notJudged`).
    private static func whileAccountCheckPending(_ checks: [Expectation], notJudged: inout [String]) -> [Expectation] {
        checks.filter { check in
            guard case .hasDataOf = check else { return true }
            notJudged.append("hasDataOf while the launch's account check is under way: the tester answers only once the launch is done")
            return false
        }
    }

    /// Why a launch's account-check checks are not judged when the trace has no screen from then.
    static let noLaunchCheckScreen =
        "the trace holds no screen from while the launch's account check was under way (the app's SingleLoginRecorder takes one as the check answers: link this version's)"

    /// The device notes of a test case: each confirmation with its time and tester, as a CTS
    /// Verifier report keeps them, and what was presumed rather than judged.
    private static func deviceNotes(procedure: DevicePlan.Procedure, confirmations: [DeviceConfirmation], presumed: [String]) -> String {
        var notes: [String] = []
        for confirmation in confirmations {
            var note = "step \(confirmation.step) confirmed by \(confirmation.tester) at \(confirmation.time)"
            if confirmation.attempt > 1 { note += " (attempt \(confirmation.attempt))" }
            if let shown = confirmation.dataShown {
                let answers: [String] = shown.keys.sorted().map { name in "\(name): " + (shown[name] == true ? "data shown" : "no data") }
                note += " answering " + answers.joined(separator: ", ")
            }
            notes.append(note)
        }
        if !presumed.isEmpty { notes.append("Presumed on a device, not judged: " + Array(Set(presumed)).sorted().joined(separator: "; ")) }
        return "Procedure \(procedure.number): " + notes.joined(separator: "\n")
    }

    /// `CheckJudgement.judge`, with `hasDataOf` on screen judged by the tester's `answers` instead
    /// of session markers (a real backend's records carry none); a user the tester was not asked
    /// about counts as not shown.
    static func judge(
        preconditions: [Precondition], subject: [Expectation], answers: [String: Bool], evaluator: ExpectationEvaluator, observation: Observation,
        calls: [BrokerCallRecord], stepIndex: Int?, description: String?, location: SourceLocation?
    ) -> CheckJudgement {
        func testerIssue(_ check: Expectation) -> Issue? {
            guard case .hasDataOf(let account, let places) = check, places.contains(.screen) else { return nil }
            guard answers[account] != true else { return Issue(severity: .failure, kind: .expectation(.hasDataOf), message: "", stepIndex: stepIndex) }
            let said = answers[account] == false ? "the tester saw none" : "the tester was not asked"
            return Issue(
                severity: .failure, kind: .expectation(.hasDataOf), message: "\(evaluator.label(account))'s own data is not on screen (\(said))",
                stepIndex: stepIndex, expected: "the tester sees \(evaluator.label(account))'s own data on screen",
                observed: "tester's answer: \(answers[account].map { $0 ? "shown" : "not shown" } ?? "none")",
                location: location)
        }
        let isTester: (Expectation) -> Bool = { testerIssue($0) != nil }
        var owners: [String] = []
        for precondition in preconditions where isTester(precondition.check) && !owners.contains(precondition.requirementID) {
            owners.append(precondition.requirementID)
        }
        for owner in owners {
            let failed = preconditions.filter { $0.requirementID == owner }.compactMap { testerIssue($0.check) }.filter { !$0.message.isEmpty }
            if !failed.isEmpty { return CheckJudgement.blocked(by: owner, failed: failed, stepIndex: stepIndex, description: description, location: location) }
        }
        let testerFound = subject.compactMap(testerIssue).filter { !$0.message.isEmpty }
        switch CheckJudgement.judge(
            preconditions: preconditions.filter { !isTester($0.check) }, subject: subject.filter { !isTester($0) }, evaluator: evaluator,
            observation: observation,
            calls: calls, stepIndex: stepIndex, description: description, location: location)
        {
        case .judged(let found): return .judged(testerFound + found)
        case .blocked(let issue, let blocker): return .blocked(issue, blocker)
        }
    }

    /// `observation` with every later token of a session read as the session's marker.
    static func renamed(_ observation: Observation, _ rename: [String: String]) -> Observation {
        guard !rename.isEmpty else { return observation }
        func apply(_ text: String) -> String {
            guard text.contains(SingleLoginRecorder.TokenDigest.prefix) else { return text }
            return rename.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
        var renamed = observation
        renamed.screen = observation.screen.map { ScreenElement($0.kind, apply($0.text), isRecord: $0.isRecord) }
        renamed.storage = observation.storage.map { StoredItem($0.area, apply($0.key), apply($0.value), source: $0.source) }
        return renamed
    }

    /// The typed broker call a recorded call stands for, read as an event stream's call is; nil for a
    /// method the seam does not have, or a call without a field its method needs.
    static func brokerCall(_ call: RecordedCall) -> BrokerCall? {
        BrokerMethod(rawValue: call.method).flatMap { BrokerCall($0, call.parameters) }
    }
}
