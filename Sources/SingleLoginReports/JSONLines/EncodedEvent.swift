import Foundation
import SingleLoginAdapter
import SingleLoginEvents

/// One line of the JSON Lines event stream (version 1): the wire form of an ``Event``.
///
/// Wire types are kept apart from the runtime types so that the runtime can change without
/// breaking readers. Every line has `version`, `kind` and `date`; the other fields depend on
/// the kind and are absent when they do not apply. Readers must ignore kinds and fields they
/// do not know. The schema is documented in docs/reports.md.
public struct EncodedEvent: Codable, Hashable, Sendable {
    /// The stream format version this build writes.
    public static let currentVersion = 1

    /// The stream format version, `1`.
    public var version: Int
    /// `runStarted`, `adapterIdentified`, `testCaseStarted`, `stepPerformed`, `brokerCalled`,
    /// `observed`, `issueRecorded`, `testCaseEnded` or `runEnded`.
    public var kind: String
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

    /// Creates a line of `kind` with no kind-specific fields.
    public init(kind: String, date: String, version: Int = EncodedEvent.currentVersion) {
        self.version = version
        self.kind = kind
        self.date = date
    }
}

/// `{"requirementID": "SL-LOGIN-1", "scenario": "opens signed in"}`.
public struct EncodedTestCaseID: Codable, Hashable, Sendable {
    /// The requirement's ID.
    public var requirementID: String
    /// The scenario's name.
    public var scenario: String
}

/// The run's context on the wire.
public struct EncodedContext: Codable, Hashable, Sendable {
    /// `run` or `preflight`.
    public var kind: String
    /// The spec's id.
    public var specID: String
    /// The spec's version.
    public var specVersion: String
    /// The spec's title.
    public var specTitle: String
    /// SHA-256 of the spec file, lowercase hex.
    public var specSHA256: String
    /// The harness's version.
    public var harnessVersion: String
    /// The machine's host name.
    public var hostname: String
    /// When the run started.
    public var startDate: String
    /// `mustAndShould` or `mustOnly`: which failures fail the run (absent in streams written before it existed).
    public var gate: String?
}

/// The adapter and app on the wire.
public struct EncodedAdapter: Codable, Hashable, Sendable {
    /// The adapter's name.
    public var name: String
    /// The adapter's version.
    public var version: String
    /// The app's name.
    public var appName: String
    /// The app's version.
    public var appVersion: String
    /// The app's bundle identifier.
    public var bundleId: String
    /// The MSAL version the app links.
    public var msalVersion: String
    /// Optional features the adapter supports.
    public var capabilities: [String]
}

/// A planned test case on the wire.
public struct EncodedPlannedTestCase: Codable, Hashable, Sendable {
    /// Which test case.
    public var testCase: EncodedTestCaseID
    /// Its requirement.
    public var requirement: EncodedRequirement
    /// Why it will be skipped, or absent to run it.
    public var skipReason: String?
}

/// A requirement as reports show it, on the wire.
public struct EncodedRequirement: Codable, Hashable, Sendable {
    /// Its ID.
    public var id: String
    /// `MUST` or `SHOULD`.
    public var level: String
    /// Its title.
    public var title: String
    /// Its tags.
    public var tags: [String]
    /// Its references: `{"title", "url"}`.
    public var references: [EncodedReference]
}

/// A cited document on the wire.
public struct EncodedReference: Codable, Hashable, Sendable {
    /// The article's title.
    public var title: String
    /// Its address.
    public var url: String
}

/// One broker or backend call on the wire.
public struct EncodedBrokerCall: Codable, Hashable, Sendable {
    /// Its position in the test case's transcript, from 1.
    public var sequence: Int
    /// The 0-based step during which it was made; absent during reset.
    public var stepIndex: Int?
    /// The method, e.g. `acquireTokenSilent`.
    public var method: String
    /// The parameters, as compact text.
    public var parameters: String
    /// The answer, as compact text.
    public var answer: String
    /// Whether the answer was an error.
    public var failed: Bool
    /// The scopes asked for, for token calls (interactive: with the extra scopes to consent); absent otherwise.
    public var scopes: [String]?
}

/// An observation on the wire.
public struct EncodedObservation: Codable, Hashable, Sendable {
    /// Whether the app is running.
    public var running: Bool
    /// Whether it crashed.
    public var crashed: Bool
    /// The account the app considers signed in.
    public var signedInAccount: String?
    /// What is on screen: `{"kind", "text"}`.
    public var screen: [Element]
    /// What is stored: `{"area", "key", "value"}`.
    public var storage: [Item]

    /// A visible element.
    public struct Element: Codable, Hashable, Sendable {
        /// `text`, `button`, `alert`, `error` or `signInSheet`.
        public var kind: String
        /// Its text.
        public var text: String
    }

    /// A stored item.
    public struct Item: Codable, Hashable, Sendable {
        /// `keychain`, `file`, `defaults`, `cache` or `memory`.
        public var area: String
        /// Its key or path.
        public var key: String
        /// Its value.
        public var value: String
    }
}

/// A failure or error on the wire.
public struct EncodedIssue: Codable, Hashable, Sendable {
    /// `failure` or `error`.
    public var kind: String
    /// A machine-readable category, e.g. `expectation.noDataOf`.
    public var type: String
    /// One line saying what went wrong.
    public var message: String
    /// The 0-based step after which it was found; absent for final checks.
    public var stepIndex: Int?
    /// What was expected.
    public var expected: String
    /// What was observed.
    public var observed: String
    /// `file:line:column` in the spec, when known.
    public var location: String?
}

/// A finished test case on the wire.
public struct EncodedResult: Codable, Hashable, Sendable {
    /// Which test case.
    public var testCase: EncodedTestCaseID
    /// Its requirement.
    public var requirement: EncodedRequirement
    /// `passed`, `failed`, `errored`, `skipped` or `notRun`.
    public var outcome: String
    /// Why it was skipped or not run.
    public var reason: String?
    /// Wall time in seconds.
    public var duration: Double
    /// Failures and errors, in order.
    public var issues: [EncodedIssue]
    /// Every call the app made, in order.
    public var transcript: [EncodedBrokerCall]
    /// The tail of the adapter's stderr (at most the recorder's cap).
    public var adapterLog: String
}

/// How a requirement fared, on the wire.
public struct EncodedRequirementResult: Codable, Hashable, Sendable {
    /// `passed`, `failed`, `errored`, `skipped` or `notRun`: errored if any test case errored, else failed if any failed, and so on.
    public var outcome: String
    /// The outcome under the run's gate: `passed`, `failed`, `warned` (a failure that does not gate), `errored`,
    /// `skipped` or `notRun` (absent in streams written before it existed).
    public var verdict: String?
    /// Why it was skipped or not run.
    public var reason: String?
    /// The sum of its test cases' durations, in seconds.
    public var duration: Double
}

/// The run's totals on the wire.
public struct EncodedSummary: Codable, Hashable, Sendable {
    /// Test cases that passed.
    public var passed: Int
    /// MUST test cases that failed.
    public var failedMust: Int
    /// SHOULD test cases that failed.
    public var failedShould: Int
    /// Test cases that errored.
    public var errored: Int
    /// Test cases skipped by choice.
    public var skipped: Int
    /// Test cases not run because the run was interrupted.
    public var notRun: Int
    /// Wall time in seconds.
    public var duration: Double
    /// Whether the run was interrupted.
    public var interrupted: Bool
}
