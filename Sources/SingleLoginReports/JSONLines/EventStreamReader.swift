import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Reads a JSON Lines event stream (version 1) back into ``Event``s, so that any recorder (summary,
/// JUnit, a future HTML report) can render a stream written elsewhere, such as shards merged by
/// `merge`. Kinds it does not know are ignored, as the format asks of readers; what the wire does
/// not carry (a requirement's spec location, a backend's command) stays unknown.
public enum EventStreamReader {
    /// A line that is not an event of a version this build reads.
    public struct ReadError: Error, CustomStringConvertible {
        /// `path:line: reason`.
        public var description: String
    }

    /// The events of the stream at `url`, in order.
    public static func events(at url: URL) throws -> [Event] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw ReadError(description: "\(url.path): cannot be read: \(error.localizedDescription)") }
        var events: [Event] = []
        let decoder = JSONDecoder()
        for (number, line) in data.split(separator: 0x0A).enumerated() where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
            let encoded: EncodedEvent
            do { encoded = try decoder.decode(EncodedEvent.self, from: Data(line)) } catch {
                throw ReadError(description: "\(url.path):\(number + 1): not an event: \(error)")
            }
            guard encoded.version == EncodedEvent.currentVersion else {
                throw ReadError(description: "\(url.path):\(number + 1): event stream version \(encoded.version); this build reads version \(EncodedEvent.currentVersion)")
            }
            if let kind = kind(of: encoded) { events.append(Event(kind, date: date(encoded.date) ?? Date(timeIntervalSince1970: 0))) }
        }
        return events
    }

    /// The runtime kind of one line, or nil for a kind this build does not know (or a line missing its fields).
    static func kind(of event: EncodedEvent) -> Event.Kind? {
        let id = event.testCase.map { TestCaseID(requirementID: $0.requirementID, scenarioName: $0.scenario) }
        switch event.kind {
        case "runStarted":
            guard let context = event.context else { return nil }
            var runContext = RunContext(kind: context.kind, specID: context.specID, specVersion: context.specVersion, specTitle: context.specTitle, specSHA256: context.specSHA256,
                                        harnessVersion: context.harnessVersion, adapter: event.adapter.map(identity), hostname: context.hostname,
                                        startDate: date(context.startDate) ?? Date(timeIntervalSince1970: 0), gate: context.gate.flatMap(Gate.init(rawValue:)) ?? .mustAndShould,
                                        specOrigin: context.specOrigin, referenceApp: context.referenceApp ?? false,
                                        shard: context.shard.map { RunContext.Shard(index: $0.index, count: $0.count) })
            runContext.mergedShards = context.mergedShards
            let plan = (event.plan ?? []).map { PlannedTestCase(id: TestCaseID(requirementID: $0.testCase.requirementID, scenarioName: $0.testCase.scenario), requirement: requirement($0.requirement), skipReason: $0.skipReason) }
            return .runStarted(runContext, plan: plan)
        case "adapterIdentified":
            return event.adapter.map { .adapterIdentified(identity($0)) }
        case "requirementStarted":
            return event.requirement.map { .requirementStarted(requirement($0)) }
        case "requirementEnded":
            guard let summary = event.requirement, let result = event.requirementResult,
                  let outcome = outcome(result.outcome, reason: result.reason) else { return nil }
            let judged = result.verdict.flatMap { Self.verdict($0, reason: result.reason) } ?? Verdict(outcome, level: requirement(summary).level, gate: .mustAndShould)
            return .requirementEnded(RequirementResult(requirement: requirement(summary), verdict: judged, duration: result.duration))
        case "testCaseStarted":
            return id.map { .testCaseStarted($0) }
        case "stepPerformed":
            guard let id, let index = event.stepIndex, let step = event.step else { return nil }
            return .stepPerformed(id, index: index, description: step)
        case "brokerCalled":
            guard let id, let call = event.call.flatMap(record) else { return nil }
            return .brokerCalled(id, call)
        case "observed":
            guard let id, let observation = event.observation else { return nil }
            let screen = observation.screen.compactMap { element in ScreenElement.Kind(rawValue: element.kind).map { ScreenElement($0, element.text) } }
            let storage = observation.storage.compactMap { item in StoredItem.Area(rawValue: item.area).map { StoredItem($0, item.key, item.value) } }
            return .observed(id, Observation(running: observation.running, crashed: observation.crashed, signedInAccount: observation.signedInAccount, screen: screen, storage: storage))
        case "issueRecorded":
            guard let id, let issue = event.issue.flatMap(issue) else { return nil }
            return .issueRecorded(id, issue)
        case "adapterUnavailable":
            guard let unavailable = event.adapterUnavailability else { return nil }
            return .adapterUnavailable(AdapterUnavailability(attempts: unavailable.attempts, type: unavailable.type, cause: unavailable.cause, fix: unavailable.fix, stderrTail: unavailable.stderrTail))
        case "testCaseEnded":
            guard let result = event.result, let outcome = outcome(result.outcome, reason: result.reason) else { return nil }
            return .testCaseEnded(TestCaseResult(
                id: TestCaseID(requirementID: result.testCase.requirementID, scenarioName: result.testCase.scenario), requirement: requirement(result.requirement),
                outcome: outcome, duration: result.duration, issues: result.issues.compactMap(issue), transcript: result.transcript.compactMap(record), adapterLog: result.adapterLog))
        case "runEnded":
            guard let summary = event.summary else { return nil }
            return .runEnded(RunSummary(passed: summary.passed, failedMust: summary.failedMust, failedShould: summary.failedShould, errored: summary.errored, skipped: summary.skipped,
                                        notRun: summary.notRun, doesNotApply: summary.doesNotApply ?? 0, duration: summary.duration, interrupted: summary.interrupted))
        default:
            return nil
        }
    }

    static func identity(_ adapter: EncodedAdapter) -> AdapterIdentity {
        AdapterIdentity(adapterName: adapter.name, adapterVersion: adapter.version, appName: adapter.appName, appVersion: adapter.appVersion, bundleId: adapter.bundleId, msalVersion: adapter.msalVersion, capabilities: adapter.capabilities)
    }

    static func requirement(_ requirement: EncodedRequirement) -> RequirementSummary {
        RequirementSummary(id: requirement.id, level: Requirement.Level(rawValue: requirement.level) ?? .must, title: requirement.title, tags: requirement.tags,
                           references: requirement.references.map { Reference(title: $0.title, url: $0.url) })
    }

    static func record(_ call: EncodedBrokerCall) -> BrokerCallRecord? {
        guard let method = BrokerMethod(rawValue: call.method) else { return nil }
        return BrokerCallRecord(sequence: call.sequence, stepIndex: call.stepIndex, method: method, parameters: call.parameters, answer: call.answer, failed: call.failed,
                                scopes: call.scopes ?? [], phase: call.during.flatMap(CallPhase.init(rawValue:)) ?? .step)
    }

    static func issue(_ issue: EncodedIssue) -> Issue? {
        guard let kind = Issue.Kind(rawValue: issue.kind) else { return nil }
        return Issue(kind: kind, type: issue.type, message: issue.message, stepIndex: issue.stepIndex, expected: issue.expected, observed: issue.observed, location: issue.location.flatMap(location))
    }

    /// `file:line:column` (the file may hold colons, as `embedded:single-login.json` does).
    static func location(_ text: String) -> SourceLocation? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return nil }
        return SourceLocation(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }

    static func outcome(_ name: String, reason: String?) -> TestCaseResult.Outcome? {
        switch name {
        case "passed": .passed
        case "failed": .failed
        case "errored": .errored
        case "skipped": .skipped(reason: reason ?? "")
        case "notRun": .notRun(reason: reason ?? "")
        case "doesNotApply": .doesNotApply(reason: reason ?? "")
        default: nil
        }
    }

    static func verdict(_ name: String, reason: String?) -> Verdict? {
        switch name {
        case "passed": .passed
        case "failed": .failed
        case "warned": .warned
        case "errored": .errored
        case "skipped": .skipped(reason: reason ?? "")
        case "notRun": .notRun(reason: reason ?? "")
        case "doesNotApply": .doesNotApply(reason: reason ?? "")
        default: nil
        }
    }

    /// An RFC 3339 UTC date with or without fractional seconds.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
