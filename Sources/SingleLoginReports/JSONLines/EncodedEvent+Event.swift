import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

extension EncodedEvent {
    /// The wire form of `event`; the adapter's log is cut to its last `maxLogBytes` bytes.
    public init(_ event: Event, maxLogBytes: Int = 64 * 1024) {
        let date = UTCDate.rfc3339(event.date)
        switch event.kind {
        case let .runStarted(context, plan):
            self.init(kind: .runStarted, date: date)
            self.context = EncodedContext(
                kind: context.kind.rawValue, specID: context.specID, specVersion: context.specVersion, specTitle: context.specTitle,
                specSHA256: context.specSHA256,
                harnessVersion: context.harnessVersion, hostname: context.hostname, startDate: UTCDate.rfc3339(context.startDate), gate: context.gate.rawValue,
                specOrigin: context.specOrigin, referenceApp: context.referenceApp ? true : nil,
                shard: context.shard.map { EncodedShard(index: $0.index, count: $0.count) }, mergedShards: context.mergedShards,
                violatingHistory: context.violatingHistory,
                exploration: context.exploration.map { EncodedExploration(seed: $0.seed, histories: $0.histories) })
            self.adapter = context.adapter.map(EncodedAdapter.init)
            self.plan = plan.map {
                EncodedPlannedTestCase(testCase: EncodedTestCaseID($0.id), requirement: EncodedRequirement($0.requirement), skipReason: $0.skipReason)
            }
        case let .adapterIdentified(identity):
            self.init(kind: .adapterIdentified, date: date)
            self.adapter = EncodedAdapter(identity)
        case let .requirementStarted(requirement):
            self.init(kind: .requirementStarted, date: date)
            self.requirement = EncodedRequirement(requirement)
        case let .requirementEnded(result):
            self.init(kind: .requirementEnded, date: date)
            self.requirement = EncodedRequirement(result.requirement)
            self.requirementResult = EncodedRequirementResult(result)
        case .testCaseStarted:
            self.init(kind: .testCaseStarted, date: date)
        case let .stepPerformed(_, index, description):
            self.init(kind: .stepPerformed, date: date)
            self.stepIndex = index
            self.step = description
        case let .brokerCalled(_, record):
            self.init(kind: .brokerCalled, date: date)
            self.call = EncodedBrokerCall(record)
        case let .observed(_, observation, facts, delivered):
            self.init(kind: .observed, date: date)
            self.observation = EncodedObservation(observation)
            self.facts = facts
            self.broadcastsDelivered = delivered
        case let .issueRecorded(_, issue):
            self.init(kind: .issueRecorded, date: date)
            self.issue = EncodedIssue(issue)
        case let .adapterUnavailable(unavailability):
            self.init(kind: .adapterUnavailable, date: date)
            self.adapterUnavailability = EncodedAdapterUnavailability(
                attempts: unavailability.attempts, type: unavailability.type, cause: unavailability.cause, fix: unavailability.fix,
                stderrTail: Evidence.tail(unavailability.stderrTail, maxBytes: maxLogBytes))
        case let .testCaseEnded(result):
            self.init(kind: .testCaseEnded, date: date)
            self.result = EncodedResult(result, maxLogBytes: maxLogBytes)
        case let .runEnded(summary):
            self.init(kind: .runEnded, date: date)
            self.summary = EncodedSummary(
                passed: summary.passed, failedMust: summary.failedMust, failedShould: summary.failedShould, errored: summary.errored, skipped: summary.skipped,
                notRun: summary.notRun, doesNotApply: summary.doesNotApply > 0 ? summary.doesNotApply : nil,
                notJudgedMust: summary.notJudgedMust > 0 ? summary.notJudgedMust : nil,
                notJudgedShould: summary.notJudgedShould > 0 ? summary.notJudgedShould : nil,
                duration: summary.duration,
                interrupted: summary.interrupted, untested: summary.untested > 0 ? summary.untested : nil,
                lateCalls: summary.lateCalls.isEmpty ? nil : summary.lateCalls)
        }
        testCase = event.testCaseID.map(EncodedTestCaseID.init)
    }
}

extension EncodedTestCaseID {
    init(_ id: TestCaseID) {
        self.init(requirementID: id.requirementID, scenario: id.scenarioName)
    }
}

extension EncodedAdapter {
    init(_ identity: AdapterIdentity) {
        self.init(
            name: identity.adapterName, version: identity.adapterVersion, appName: identity.appName, appVersion: identity.appVersion,
            bundleId: identity.bundleId, msalVersion: identity.msalVersion, capabilities: identity.capabilities,
            msalConfiguration: identity.msalConfiguration == .default ? nil : identity.msalConfiguration, surfaces: identity.surfaces)
    }
}

extension EncodedRequirement {
    init(_ summary: RequirementSummary) {
        self.init(
            id: summary.id, level: summary.level.rawValue, title: summary.title, tags: summary.tags,
            references: summary.references.map { EncodedReference(title: $0.title, url: $0.url) },
            surfaces: summary.surfaces.isEmpty ? nil : summary.surfaces.map(\.rawValue))
    }
}

extension EncodedObservation {
    init(_ observation: Observation) {
        self.init(
            running: observation.running,
            crashed: observation.crashed,
            signedInAccount: observation.signedInAccount,
            screen: observation.screen.map { Element(kind: $0.kind.rawValue, text: $0.text, record: $0.isRecord ? true : nil) },
            storage: observation.storage.map { Item(area: $0.area.rawValue, key: $0.key, value: $0.value, source: $0.source?.rawValue) }
        )
    }
}

extension EncodedIssue {
    init(_ issue: Issue) {
        self.init(
            kind: issue.severity.rawValue, type: issue.type, message: issue.message, stepIndex: issue.stepIndex, expected: issue.expected,
            observed: issue.observed, location: issue.location?.description)
    }
}

extension TestCaseResult.Outcome {
    /// The outcome's wire name and, for skipped, not run and does not apply, its reason; for not
    /// judged, what failed of the precondition (its owner is ``blockedBy``).
    public var encoded: (name: String, reason: String?) {
        switch self {
        case .passed: return ("passed", nil)
        case .failed: return ("failed", nil)
        case .errored: return ("errored", nil)
        case let .notJudged(blocker): return ("notJudged", blocker.reason)
        // On the wire a waived failure is a skip whose reason says so; a reader decodes it back.
        case let .waived(failure): return ("skipped", failure.description)
        // An untested case is a skip as well, marked `untested` (``untestedMark``).
        case let .skipped(why), let .untested(why): return ("skipped", why)
        case let .notRun(why): return ("notRun", why)
        case let .doesNotApply(why): return ("doesNotApply", why)
        // A case a device pass did not judge is a skip whose reason says so; a reader decodes it back.
        case let .notJudgedOnDevice(why): return ("skipped", Self.notJudgedOnDevicePrefix + why)
        }
    }

    /// The requirement that owns the failed precondition of a not-judged outcome (`blockedBy` on the wire).
    public var blockedBy: String? {
        if case let .notJudged(blocker) = self { blocker.requirementID } else { nil }
    }

    /// `true` for an untested outcome, nil otherwise (`untested` on the wire).
    public var untestedMark: Bool? { untestedReason == nil ? nil : true }
}

extension EncodedRequirementResult {
    init(_ result: RequirementResult) {
        let (outcome, reason) = result.verdict.outcome.encoded
        self.init(
            outcome: outcome, verdict: result.verdict.name, reason: reason, blockedBy: result.verdict.outcome.blockedBy,
            untested: result.verdict.outcome.untestedMark, duration: result.duration)
    }
}

extension EncodedResult {
    init(_ result: TestCaseResult, maxLogBytes: Int) {
        let (outcome, reason) = result.outcome.encoded
        self.init(
            testCase: EncodedTestCaseID(result.id), requirement: EncodedRequirement(result.requirement), outcome: outcome, reason: reason,
            blockedBy: result.outcome.blockedBy, untested: result.outcome.untestedMark, duration: result.duration, issues: result.issues.map(EncodedIssue.init),
            transcript: result.transcript.map(EncodedBrokerCall.init),
            adapterLog: Evidence.tail(result.adapterLog, maxBytes: maxLogBytes),
            attempts: result.earlierAttempts.isEmpty ? nil : result.earlierAttempts.map { EncodedResult($0, maxLogBytes: maxLogBytes) },
            flaky: result.isFlaky ? true : nil)
    }
}
