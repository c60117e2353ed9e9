import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

extension Event {
    /// The runtime event a line of the stream holds, or nil for a kind or value this reader does not know.
    ///
    /// Requirements carry no spec location on the wire: `locate` gives it (from the spec the run used).
    /// What the wire drops (an adapter's MSAL configuration, adapter logs beyond their last 64 KiB)
    /// stays dropped.
    public init?(decoding line: EncodedEvent, locate: (String) -> SourceLocation? = { _ in nil }) {
        guard let date = UTCDate.parseRFC3339(line.date) else { return nil }
        func requirement(_ encoded: EncodedRequirement?) -> RequirementSummary? {
            guard let encoded, let level = Requirement.Level(rawValue: encoded.level) else { return nil }
            var surfaces: [StoredItem.Area] = []
            for name in encoded.surfaces ?? [] { guard let area = StoredItem.Area(rawValue: name) else { return nil }; surfaces.append(area) }
            return RequirementSummary(
                id: encoded.id, level: level, title: encoded.title, tags: encoded.tags,
                references: encoded.references.map { Reference(title: $0.title, url: $0.url) }, location: locate(encoded.id), surfaces: surfaces)
        }
        let id = line.testCase.map { TestCaseID(requirementID: $0.requirementID, scenarioName: $0.scenario) }
        let kind: Kind
        switch line.kind {
        case .runStarted:
            guard let encoded = line.context, let start = UTCDate.parseRFC3339(encoded.startDate),
                let gate = Gate(rawValue: encoded.gate ?? Gate.mustAndShould.rawValue),
                let runKind = RunContext.Kind(rawValue: encoded.kind)
            else { return nil }
            var plan: [PlannedTestCase] = []
            for planned in line.plan ?? [] {
                guard let summary = requirement(planned.requirement) else { return nil }
                plan.append(
                    PlannedTestCase(
                        id: TestCaseID(requirementID: planned.testCase.requirementID, scenarioName: planned.testCase.scenario), requirement: summary,
                        skipReason: planned.skipReason))
            }
            var context = RunContext(
                kind: runKind, specID: encoded.specID, specVersion: encoded.specVersion, specTitle: encoded.specTitle, specSHA256: encoded.specSHA256,
                harnessVersion: encoded.harnessVersion,
                adapter: line.adapter.map(AdapterIdentity.init), hostname: encoded.hostname, startDate: start, gate: gate, specOrigin: encoded.specOrigin,
                referenceApp: encoded.referenceApp ?? false,
                shard: encoded.shard.map { RunContext.Shard(index: $0.index, count: $0.count) })
            context.mergedShards = encoded.mergedShards
            context.violatingHistory = encoded.violatingHistory
            context.exploration = encoded.exploration.map { RunContext.Exploration(seed: $0.seed, histories: $0.histories) }
            kind = .runStarted(context, plan: plan)
        case .adapterIdentified:
            guard let adapter = line.adapter else { return nil }
            kind = .adapterIdentified(AdapterIdentity(adapter))
        case .requirementStarted:
            guard let summary = requirement(line.requirement) else { return nil }
            kind = .requirementStarted(summary)
        case .requirementEnded:
            guard let summary = requirement(line.requirement), let encoded = line.requirementResult,
                let outcome = TestCaseResult.Outcome(name: encoded.outcome, reason: encoded.reason, blockedBy: encoded.blockedBy, untested: encoded.untested)
            else { return nil }
            let verdict =
                encoded.verdict.flatMap { Verdict(name: $0, reason: encoded.reason, blockedBy: encoded.blockedBy, untested: encoded.untested) }
                ?? Verdict(outcome, level: summary.level, gate: .mustAndShould)
            kind = .requirementEnded(RequirementResult(requirement: summary, verdict: verdict, duration: encoded.duration))
        case .testCaseStarted:
            guard let id else { return nil }
            kind = .testCaseStarted(id)
        case .stepPerformed:
            guard let id, let index = line.stepIndex, let step = line.step else { return nil }
            kind = .stepPerformed(id, index: index, description: step)
        case .brokerCalled:
            guard let id, let call = line.call.flatMap(BrokerCallRecord.init) else { return nil }
            kind = .brokerCalled(id, call)
        case .observed:
            guard let id, let observation = line.observation.flatMap(Observation.init) else { return nil }
            kind = .observed(id, observation, facts: line.facts, broadcastsDelivered: line.broadcastsDelivered)
        case .issueRecorded:
            guard let id, let issue = line.issue.flatMap(Issue.init) else { return nil }
            kind = .issueRecorded(id, issue)
        case .adapterUnavailable:
            guard let encoded = line.adapterUnavailability else { return nil }
            kind = .adapterUnavailable(
                AdapterUnavailability(attempts: encoded.attempts, type: encoded.type, cause: encoded.cause, fix: encoded.fix, stderrTail: encoded.stderrTail))
        case .testCaseEnded:
            guard let encoded = line.result, let result = Self.result(encoded, requirement: requirement) else { return nil }
            kind = .testCaseEnded(result)
        case .runEnded:
            guard let s = line.summary else { return nil }
            var summary = RunSummary(
                passed: s.passed, failedMust: s.failedMust, failedShould: s.failedShould, errored: s.errored, skipped: s.skipped, notRun: s.notRun,
                doesNotApply: s.doesNotApply ?? 0, notJudgedMust: s.notJudgedMust ?? 0, notJudgedShould: s.notJudgedShould ?? 0, duration: s.duration,
                interrupted: s.interrupted)
            summary.lateCalls = s.lateCalls ?? []
            summary.untested = s.untested ?? 0
            kind = .runEnded(summary)
        case .unencodable, .unknown:
            return nil
        }
        self.init(kind, date: date)
    }
}

extension Event {
    /// The result a `testCaseEnded` line holds, with its earlier attempts, or nil when a value is
    /// one this reader does not know.
    static func result(_ encoded: EncodedResult, requirement: (EncodedRequirement?) -> RequirementSummary?) -> TestCaseResult? {
        guard let summary = requirement(encoded.requirement),
            let outcome = TestCaseResult.Outcome(name: encoded.outcome, reason: encoded.reason, blockedBy: encoded.blockedBy, untested: encoded.untested)
        else {
            return nil
        }
        var issues: [Issue] = []
        var transcript: [BrokerCallRecord] = []
        var earlier: [TestCaseResult] = []
        for issue in encoded.issues { guard let decoded = Issue(issue) else { return nil }; issues.append(decoded) }
        for call in encoded.transcript { guard let decoded = BrokerCallRecord(call) else { return nil }; transcript.append(decoded) }
        for attempt in encoded.attempts ?? [] { guard let decoded = result(attempt, requirement: requirement) else { return nil }; earlier.append(decoded) }
        var result = TestCaseResult(
            id: TestCaseID(requirementID: encoded.testCase.requirementID, scenarioName: encoded.testCase.scenario), requirement: summary, outcome: outcome,
            duration: encoded.duration, issues: issues, transcript: transcript, adapterLog: encoded.adapterLog)
        result.earlierAttempts = earlier
        result.isFlaky = encoded.flaky ?? false
        return result
    }
}

extension AdapterIdentity {
    init(_ encoded: EncodedAdapter) {
        self.init(
            adapterName: encoded.name, adapterVersion: encoded.version, appName: encoded.appName, appVersion: encoded.appVersion, bundleId: encoded.bundleId,
            msalVersion: encoded.msalVersion, capabilities: encoded.capabilities, msalConfiguration: encoded.msalConfiguration ?? .default,
            surfaces: encoded.surfaces)
    }
}

extension Observation {
    init?(_ encoded: EncodedObservation) {
        var screen: [ScreenElement] = []
        var storage: [StoredItem] = []
        for element in encoded.screen {
            guard let kind = ScreenElement.Kind(rawValue: element.kind) else { return nil };
            screen.append(ScreenElement(kind, element.text, isRecord: element.record ?? false))
        }
        for item in encoded.storage {
            guard let area = StoredItem.Area(rawValue: item.area) else { return nil }
            var source: StoredItem.Source?
            if let name = item.source { guard let known = StoredItem.Source(rawValue: name) else { return nil }; source = known }
            storage.append(StoredItem(area, item.key, item.value, source: source))
        }
        self.init(running: encoded.running, crashed: encoded.crashed, signedInAccount: encoded.signedInAccount, screen: screen, storage: storage)
    }
}

extension Issue {
    init?(_ encoded: EncodedIssue) {
        guard let severity = Issue.Severity(rawValue: encoded.kind) else { return nil }
        var location: SourceLocation?
        if let text = encoded.location {
            guard let parsed = SourceLocation(parsing: text) else { return nil }
            location = parsed
        }
        self.init(
            severity: severity, kind: Issue.Kind(rawValue: encoded.type), message: encoded.message, stepIndex: encoded.stepIndex, expected: encoded.expected,
            observed: encoded.observed, location: location)
    }
}

extension TestCaseResult.Outcome {
    /// The outcome a wire name, reason, `blockedBy` and `untested` give, or nil for a name this
    /// reader does not know (or `notJudged` without `blockedBy`).
    init?(name: String, reason: String?, blockedBy: String? = nil, untested: Bool? = nil) {
        switch name {
        case "passed": self = .passed
        case "failed": self = .failed
        case "errored": self = .errored
        case "notJudged":
            guard let blockedBy else { return nil }
            self = .notJudged(Blocker(requirementID: blockedBy, reason: reason ?? ""))
        case "skipped" where untested == true: self = .untested(reason: reason ?? "")
        case "skipped" where reason?.hasPrefix(Self.notJudgedOnDevicePrefix) == true:
            self = .notJudgedOnDevice(reason: String(reason!.dropFirst(Self.notJudgedOnDevicePrefix.count)))
        case "skipped": self = WaivedFailure(description: reason ?? "").map(Self.waived) ?? .skipped(reason: reason ?? "")
        case "notRun": self = .notRun(reason: reason ?? "")
        case "doesNotApply": self = .doesNotApply(reason: reason ?? "")
        default: return nil
        }
    }
}

extension Verdict {
    /// The verdict a wire name, reason, `blockedBy` and `untested` give, or nil for a name this
    /// reader does not know (or `notJudged` without `blockedBy`).
    init?(name: String, reason: String?, blockedBy: String? = nil, untested: Bool? = nil) {
        // Every name but `warned` is an outcome's, and names the verdict that outcome gets when it gates.
        if name == "warned" {
            self = .warned
        } else if let outcome = TestCaseResult.Outcome(name: name, reason: reason, blockedBy: blockedBy, untested: untested) {
            self.init(outcome, level: .must, gate: .mustAndShould)
        } else {
            return nil
        }
    }
}
