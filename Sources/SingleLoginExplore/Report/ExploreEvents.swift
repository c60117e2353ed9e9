import Foundation
import SingleLoginAdapter
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginSpec

/// An exploration as the event stream every recorder reads: one requirement per rule with one
/// test case, "random histories". A violated rule's test case fails with the counterexample's
/// steps, calls, observations and issues, as `run --spec` on the counterexample reports them;
/// the others pass. When the adapter broke, the rules not yet violated error; when the run was
/// interrupted, they are not run.
package enum ExploreEvents {
    /// The scenario name of every rule's test case.
    package static let scenarioName = "random histories"

    /// The summary of a rule as a requirement.
    package static func summary(of rule: Rule) -> RequirementSummary {
        RequirementSummary(id: rule.rawValue, level: rule.level, title: rule.title, tags: rule.tags, references: rule.references)
    }

    /// The events of `result`, in order, for a run that started at `startDate` under `gate`;
    /// `referenceApp` marks an exploration of the bundled reference app (no `--adapter` or `--listen`),
    /// which every report then names.
    package static func events(
        for result: ExploreResult, options: ExploreOptions, gate: Gate, startDate: Date, hostname: String = RunContext.localHostName,
        referenceApp: Bool = false
    ) -> [Event] {
        let rules = result.rules
        // What the histories are: n shards of R runs each play those of one exploration of n x R, and
        // say so by the same digest (which `merge` requires of the reports it joins).
        let parameters =
            "explore seed \(options.seed) runs \(options.runs * (options.shard?.count ?? 1)) max-steps \(options.maxSteps) rules \(rules.map(\.rawValue).joined(separator: ","))"
        let exploration = RunContext.Exploration(seed: String(options.seed), histories: result.runs)
        var context = RunContext(
            kind: .explore, specID: "explore", specVersion: HarnessVersion.current, specTitle: exploration.title,
            specSHA256: SHA256.hexDigest(Array(parameters.utf8)), harnessVersion: HarnessVersion.current, adapter: nil,
            hostname: hostname, startDate: startDate, gate: gate, referenceApp: referenceApp)
        context.shard = options.shard
        context.violatingHistory = result.counterexample == nil ? nil : result.finding.map { $0.index + 1 }
        context.exploration = exploration
        let plan = rules.map { PlannedTestCase(id: TestCaseID(requirementID: $0.rawValue, scenarioName: scenarioName), requirement: summary(of: $0)) }
        var events: [Event] = [Event(.runStarted(context, plan: plan), date: startDate)]
        if let identity = result.identity { events.append(Event(.adapterIdentified(identity))) }
        let seconds = result.exploreSeconds + result.shrinkSeconds
        var results: [TestCaseResult] = []
        for planned in plan {
            let rule = Rule(rawValue: planned.id.requirementID)!
            let caseSeconds = Self.seconds(of: rule, in: result)
            events.append(Event(.requirementStarted(planned.requirement)))
            events.append(Event(.testCaseStarted(planned.id)))
            let testCase: TestCaseResult
            if let counterexample = result.counterexample, counterexample.rule == rule {
                events += counterexample.events.compactMap { retagged($0, as: planned.id) }
                testCase = TestCaseResult(
                    id: planned.id, requirement: planned.requirement, outcome: .failed, duration: caseSeconds,
                    issues: counterexample.result.issues, transcript: counterexample.result.transcript, adapterLog: counterexample.result.adapterLog)
            } else if let unconfirmed = result.notReproducible, unconfirmed.violation.rule == rule {
                // The history's steps, numbered, with the violation seen once at its step: no output of the app's to show.
                events += steps(of: unconfirmed.history, upTo: nil, as: planned.id)
                let once = unconfirmed.violation.issues.first.map { "; what it found once: \($0.message)" } ?? ""
                let issue = Issue(
                    severity: .error, kind: .exploreNotReproducible,
                    message: "\(unconfirmed.reason) (given: \(describe(unconfirmed.history.given)))\(once)", stepIndex: unconfirmed.violation.stepIndex)
                events.append(Event(.issueRecorded(planned.id, issue)))
                testCase = TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .errored, duration: caseSeconds, issues: [issue])
            } else if let failure = result.failure {
                events += steps(of: failure.history, upTo: failure.issue.stepIndex, as: planned.id)
                let issue = Issue(
                    severity: .error, kind: failure.issue.kind,
                    message: "exploring stopped at history \(failure.index + 1) (given: \(describe(failure.history.given))): \(failure.issue.message)",
                    stepIndex: failure.issue.stepIndex, observed: failure.issue.observed)
                events.append(Event(.issueRecorded(planned.id, issue)))
                testCase = TestCaseResult(
                    id: planned.id, requirement: planned.requirement, outcome: .errored, duration: caseSeconds, issues: [issue],
                    transcript: failure.result.transcript, adapterLog: failure.result.adapterLog)
            } else if result.interrupted {
                testCase = TestCaseResult(
                    id: planned.id, requirement: planned.requirement, outcome: .notRun(reason: "the run was interrupted after \(result.runs) histories"),
                    duration: caseSeconds)
            } else {
                testCase = TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .passed, duration: caseSeconds)
            }
            events.append(Event(.testCaseEnded(testCase)))
            events.append(Event(.requirementEnded(RequirementResult(requirement: planned.requirement, results: [testCase], gate: gate))))
            results.append(testCase)
        }
        var ended = RunSummary(results: results, duration: seconds, interrupted: result.interrupted)
        ended.lateCalls = result.lateCalls.map(ExploreResult.warning)
        events.append(Event(.runEnded(ended)))
        return events
    }

    /// The time charged to `rule`'s test case: every rule judged every history at once, so each gets
    /// an equal share of the exploring, and the violated rule the shrinking too (the first rule, when
    /// none is named). The shares add up to the run's time, so that a JUnit consumer that sums its
    /// test cases' times (as GitLab and Jenkins do) shows how long the exploration took, not that
    /// times the number of rules.
    static func seconds(of rule: Rule, in result: ExploreResult) -> Double {
        let share = result.exploreSeconds / Double(max(result.rules.count, 1))
        let shrunk = result.counterexample?.rule ?? result.notReproducible?.violation.rule ?? result.rules.first
        return rule == shrunk ? share + result.shrinkSeconds : share
    }

    /// `event` reported under test case `id` (the counterexample's events, as its rule's); nil for events about the run.
    static func retagged(_ event: Event, as id: TestCaseID) -> Event? {
        switch event.kind {
        case .stepPerformed(_, let index, let description): return Event(.stepPerformed(id, index: index, description: description), date: event.date)
        case .brokerCalled(_, let call): return Event(.brokerCalled(id, call), date: event.date)
        case .observed(_, let observation, let facts, let delivered):
            return Event(.observed(id, observation, facts: facts, broadcastsDelivered: delivered), date: event.date)
        case .issueRecorded(_, let issue): return Event(.issueRecorded(id, issue), date: event.date)
        case .runStarted, .adapterIdentified, .requirementStarted, .requirementEnded, .testCaseStarted, .testCaseEnded, .adapterUnavailable, .runEnded:
            return nil
        }
    }

    /// The `stepPerformed` events of `history`'s steps, up to the one numbered `last` (0-based; nil:
    /// all), for a test case that shows them: the reports number the steps and file each call under its own.
    static func steps(of history: Scenario, upTo last: Int?, as id: TestCaseID) -> [Event] {
        history.steps.enumerated().prefix(last.map { $0 + 1 } ?? history.steps.count).map { index, step in
            Event(.stepPerformed(id, index: index, description: step.action.description))
        }
    }

    /// A history in one line per step, for evidence.
    package static func describe(_ history: Scenario) -> String {
        var lines = ["given: " + describe(history.given)]
        for (index, step) in history.steps.enumerated() { lines.append("\(index + 1). \(step.action)") }
        return lines.joined(separator: "\n")
    }

    /// `signedIn alice, token interactionRequired, userAtDevice bob`.
    static func describe(_ given: Given) -> String {
        var parts: [String] = []
        if given.deviceMode != .shared { parts.append("deviceMode \(given.deviceMode.rawValue)") }
        parts.append("signedIn " + (given.signedIn.isEmpty ? "nobody" : given.signedIn.joined(separator: " and ")))
        if given.token != .valid { parts.append("token \(given.token.rawValue)") }
        if let user = given.userAtDevice { parts.append("userAtDevice \(user)") }
        return parts.joined(separator: ", ")
    }
}
