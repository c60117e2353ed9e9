import Foundation

/// One line of the JSON Lines event stream (version 2): the wire form of an `Event`.
///
/// Wire types are kept apart from the runtime types so that the runtime can change without
/// breaking readers. Every line has `version`, `kind` and `date`; the other fields depend on
/// the kind and are absent when they do not apply. Readers must ignore kinds and fields they
/// do not know. The schema is documented in docs/reports.md.
public struct EncodedEvent: Codable, Hashable, Sendable {
    /// The stream format version this build writes, and the only one it reads.
    public static let currentVersion = 2

    /// The `version` of the JSON object `line` holds, whatever its other fields; nil when it has none.
    public static func version(of line: Data) -> Int? {
        struct Versioned: Decodable { var version: Int }
        return try? JSONDecoder().decode(Versioned.self, from: line).version
    }

    /// Why a line of `version` cannot be read by this build, and what to do: the one message every
    /// reader (`merge`, `verify`) gives. Version 1 recorded a broker call's parameters and answer
    /// as text; reading them back would mean parsing that text, which this build never does.
    public static func unreadable(version: Int) -> String {
        if version == 1 {
            return "event stream version 1 records broker calls as text, which this sl-conformance does not read back "
                + "(it reads version \(currentVersion), where calls are values): use the sl-conformance release that wrote it, or run the tests again"
        }
        if version > currentVersion {
            return "event stream version \(version) is newer than this sl-conformance reads (version \(currentVersion)): update sl-conformance"
        }
        return "event stream version \(version) is unknown; this sl-conformance reads version \(currentVersion)"
    }

    /// The stream format version, `2`.
    public var version: Int
    /// What the line is: `runStarted`, `adapterIdentified`, `requirementStarted`, `requirementEnded`,
    /// `testCaseStarted`, `stepPerformed`, `brokerCalled`, `observed`, `issueRecorded`,
    /// `adapterUnavailable`, `testCaseEnded` or `runEnded` (see ``Kind``).
    public var kind: Kind
    /// When it happened, RFC 3339 UTC with milliseconds.
    public var date: String
    /// `runStarted`: what is run.
    public var context: EncodedContext?
    /// `runStarted`: every planned test case, in order.
    public var plan: [EncodedPlannedTestCase]?
    /// `adapterIdentified` (and `runStarted` when known): the adapter and app.
    public var adapter: EncodedAdapter?
    /// Every per-test-case kind: which test case.
    public var testCase: EncodedTestCaseID?
    /// `stepPerformed`: the 0-based step index.
    public var stepIndex: Int?
    /// `stepPerformed`: the step, for people.
    public var step: String?
    /// `brokerCalled`: the call.
    public var call: EncodedBrokerCall?
    /// `observed`: what the app shows and stores.
    public var observation: EncodedObservation?
    /// `observed`: what the harness's broker knew then (the facts the step's checks are judged on).
    public var facts: EncodedFacts?
    /// `observed`: how many account-change broadcasts the app was given after the step and before
    /// this observation (absent where the run did not deliver them itself, and in older streams).
    public var broadcastsDelivered: Int?
    /// `issueRecorded`: the failure or error.
    public var issue: EncodedIssue?
    /// `requirementStarted` and `requirementEnded`: the requirement.
    public var requirement: EncodedRequirement?
    /// `requirementEnded`: how the requirement fared.
    public var requirementResult: EncodedRequirementResult?
    /// `testCaseEnded`: the result.
    public var result: EncodedResult?
    /// `runEnded`: the totals.
    public var summary: EncodedSummary?
    /// `adapterUnavailable`: why the run gave up on its adapter, and the fix.
    public var adapterUnavailability: EncodedAdapterUnavailability?

    /// Creates a line of `kind` with no kind-specific fields.
    public init(kind: Kind, date: String, version: Int = EncodedEvent.currentVersion) {
        self.version = version
        self.kind = kind
        self.date = date
    }
}
