import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// Something that happened during a run. The runner emits events; recorders turn them into
/// reports and never reach into the runner.
public struct Event: Sendable {
    /// What happened.
    public var kind: Kind
    /// When it happened (wall clock, for timestamps in reports).
    public var date: Date

    /// Creates an event that happened now.
    public init(_ kind: Kind, date: Date = Date()) {
        self.kind = kind
        self.date = date
    }

    /// The kinds of event.
    public enum Kind: Sendable {
        /// The run begins; the plan lists every test case it will try, in order.
        case runStarted(RunContext, plan: [PlannedTestCase])
        /// The adapter answered the handshake (once per run; again after a restart only when it changed).
        case adapterIdentified(AdapterIdentity)
        /// A requirement's first test case is about to be reported (in plan order).
        case requirementStarted(RequirementSummary)
        /// A requirement's last test case has been reported; the outcome aggregates its test cases.
        case requirementEnded(RequirementResult)
        /// A test case (one scenario of one requirement) begins.
        case testCaseStarted(TestCaseID)
        /// A step of a test case was delivered.
        case stepPerformed(TestCaseID, index: Int, description: String)
        /// The app made a broker or backend call.
        case brokerCalled(TestCaseID, BrokerCallRecord)
        /// The adapter reported what the app shows and stores.
        case observed(TestCaseID, Observation)
        /// A check failed or something broke.
        case issueRecorded(TestCaseID, Issue)
        /// A test case ended, with everything recorders need to report it.
        case testCaseEnded(TestCaseResult)
        /// The run ended (also when interrupted).
        case runEnded(RunSummary)
    }
}

/// Receives events. Recorders are called from one task at a time, in event order.
public protocol EventRecorder: Sendable {
    /// Takes one event.
    func record(_ event: Event)
}

/// Names one test case: a scenario of a requirement.
public struct TestCaseID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The requirement's ID, e.g. `SL-LOGIN-1`.
    public var requirementID: String
    /// The scenario's name.
    public var scenarioName: String

    /// Creates an ID.
    public init(requirementID: String, scenarioName: String) {
        self.requirementID = requirementID
        self.scenarioName = scenarioName
    }

    /// `SL-LOGIN-1 / opens signed in`.
    public var description: String { "\(requirementID) / \(scenarioName)" }

    /// Orders by requirement ID, then scenario name.
    public static func < (lhs: TestCaseID, rhs: TestCaseID) -> Bool {
        (lhs.requirementID, lhs.scenarioName) < (rhs.requirementID, rhs.scenarioName)
    }
}

/// What the run is about, for report headers and properties.
public struct RunContext: Sendable {
    /// What kind of run: `run` for behaviour, `preflight` for static configuration.
    public var kind: String
    /// The spec's id.
    public var specID: String
    /// The spec's version.
    public var specVersion: String
    /// The spec's title.
    public var specTitle: String
    /// SHA-256 of the spec file's bytes, lowercase hex.
    public var specSHA256: String
    /// The harness's version.
    public var harnessVersion: String
    /// The adapter, once known (nil until the handshake, or when it never succeeded).
    public var adapter: AdapterIdentity?
    /// The machine's host name.
    public var hostname: String
    /// When the run started.
    public var startDate: Date

    /// Creates a context.
    public init(kind: String = "run", specID: String, specVersion: String, specTitle: String, specSHA256: String, harnessVersion: String, adapter: AdapterIdentity?, hostname: String, startDate: Date) {
        self.kind = kind
        self.specID = specID
        self.specVersion = specVersion
        self.specTitle = specTitle
        self.specSHA256 = specSHA256
        self.harnessVersion = harnessVersion
        self.adapter = adapter
        self.hostname = hostname
        self.startDate = startDate
    }
}

/// A test case the plan holds, with what reports need to name it.
public struct PlannedTestCase: Sendable {
    /// Its ID.
    public var id: TestCaseID
    /// The requirement it belongs to (without its scenarios' bodies mattering to reports).
    public var requirement: RequirementSummary
    /// Nil to run it; a reason to skip it.
    public var skipReason: String?

    /// Creates a planned test case.
    public init(id: TestCaseID, requirement: RequirementSummary, skipReason: String? = nil) {
        self.id = id
        self.requirement = requirement
        self.skipReason = skipReason
    }
}

/// The parts of a requirement that reports show.
public struct RequirementSummary: Hashable, Sendable {
    /// Its ID.
    public var id: String
    /// MUST or SHOULD.
    public var level: Requirement.Level
    /// Its title.
    public var title: String
    /// Its tags.
    public var tags: [String]
    /// Its references.
    public var references: [Reference]

    /// Creates a summary.
    public init(id: String, level: Requirement.Level, title: String, tags: [String], references: [Reference]) {
        self.id = id
        self.level = level
        self.title = title
        self.tags = tags
        self.references = references
    }

    /// The summary of a spec requirement.
    public init(_ requirement: Requirement) {
        self.init(id: requirement.id, level: requirement.level, title: requirement.title, tags: requirement.tags, references: requirement.references)
    }
}
