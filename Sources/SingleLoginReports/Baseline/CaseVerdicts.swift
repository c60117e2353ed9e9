import SingleLoginEvents
import SingleLoginSpec

/// Each test case of one run and its verdict, in report order: one side of a ``BaselineComparison``.
///
/// Read from a JUnit report (a baseline, or either side of `sl-conformance diff`) or taken from a
/// run's results; both name a case as its JUnit report does (the requirement ID and the scenario
/// name as written there), so a run compares with the report an earlier run wrote.
public struct CaseVerdicts: Hashable, Sendable {
    /// The cases in report order, each once.
    public private(set) var entries: [Entry]
    private var index: [TestCaseID: Int] = [:]

    /// One test case's verdict and its requirement's level.
    public struct Entry: Hashable, Sendable {
        /// The test case.
        public var id: TestCaseID
        /// Its verdict, as the report gave it.
        public var verdict: Verdict
        /// Its requirement's level (`MUST`, `SHOULD`), when the report says.
        public var level: String?
    }

    /// Creates verdicts from entries; a test case named twice keeps its first entry.
    public init(_ entries: [Entry]) {
        self.entries = []
        // Sized once: a report of 100,000 cases would otherwise rehash its index 17 times.
        self.entries.reserveCapacity(entries.count)
        index.reserveCapacity(entries.count)
        for entry in entries where index[entry.id] == nil {
            index[entry.id] = self.entries.count
            self.entries.append(entry)
        }
    }

    /// The verdicts a JUnit report holds: the requirement ID from each suite's `requirement.id`
    /// property (or the classname's last part), the scenario from the case's name.
    public init(junit report: JUnitReport) {
        var entries: [Entry] = []
        entries.reserveCapacity(report.suites.reduce(0) { $0 + $1.cases.count })
        for suite in report.suites {
            let level = suite.property("requirement.level")
            for testCase in suite.cases {
                let requirementID = suite.property("requirement.id") ?? testCase.classname.split(separator: ".").last.map(String.init) ?? testCase.classname
                entries.append(Entry(id: TestCaseID(requirementID: requirementID, scenarioName: testCase.name), verdict: testCase.result.verdict, level: level))
            }
        }
        self.init(entries)
    }

    /// The verdicts of a run's results under `gate`, named as the run's JUnit report names them.
    public init(results: [TestCaseResult], gate: Gate) {
        self.init(
            results.map { result in
                let id = TestCaseID(
                    requirementID: result.id.requirementID, scenarioName: JUnitNames.normalize(result.id.scenarioName, fallback: "(unnamed scenario)"))
                return Entry(id: id, verdict: Verdict(of: result, gate: gate), level: result.requirement.level.rawValue)
            })
    }

    /// These verdicts without the test cases `ids` names: a shard compares only what it runs, and
    /// the baseline's cases that other shards run are neither removed nor compared.
    public func excluding(_ ids: Set<TestCaseID>) -> CaseVerdicts {
        ids.isEmpty ? self : CaseVerdicts(entries.filter { !ids.contains($0.id) })
    }

    /// The test cases of `spec` that a shard whose plan is `planned` leaves to the other shards,
    /// named as JUnit names them (what ``excluding(_:)`` takes for a shard's comparison).
    public static func otherShards(of spec: Spec, planned: [TestCaseID]) -> Set<TestCaseID> {
        let mine = Set(planned)
        var others = Set<TestCaseID>()
        for requirement in spec.requirements {
            for scenario in requirement.scenarios where !mine.contains(TestCaseID(requirementID: requirement.id, scenarioName: scenario.name)) {
                others.insert(TestCaseID(requirementID: requirement.id, scenarioName: JUnitNames.normalize(scenario.name, fallback: "(unnamed scenario)")))
            }
        }
        return others
    }

    /// The entry of test case `id`, if the run had it.
    public subscript(id: TestCaseID) -> Entry? {
        index[id].map { entries[$0] }
    }
}

extension JUnitReport.Result {
    /// The verdict this result was written for: an `<error>` of type `notRun` is a case an
    /// interrupted run did not reach (a `<skipped>` whose message starts `not run: ` too, as
    /// reports before 0.1.0 wrote it), a `<skipped>` whose message starts `not judged: blocked by ` a case
    /// a failed precondition kept from being judged, one that starts `waived: ` a failure a waiver
    /// accepted (`JUnitReport.result(of:gate:steps:maxBytes:subject:)` writes them so). The one
    /// place a report's words are read back into a verdict.
    public var verdict: Verdict {
        switch self {
        case .passed: .passed
        case .warning: .warned
        case let .failure(message, JUnitReport.notJudgedType, _): Self.notJudged(message)
        case .failure: .failed
        case let .error(message, JUnitReport.notRunType, _): .notRun(reason: Self.notRunReason(message))
        case let .skipped(message) where message.hasPrefix(JUnitReport.notRunPrefix): .notRun(reason: Self.notRunReason(message))
        case .error: .errored
        case let .skipped(message) where message.hasPrefix(JUnitReport.notJudgedPrefix): Self.notJudged(message)
        case let .skipped(message): WaivedFailure(description: message).map(Verdict.waived) ?? .skipped(reason: message)
        }
    }

    /// A case not judged, read from its message (`not judged: blocked by …`); a message that names
    /// no blocker is read as a skip with that reason.
    private static func notJudged(_ message: String) -> Verdict {
        guard message.hasPrefix(JUnitReport.notJudgedPrefix), let blocker = Blocker(description: message.dropFirst(JUnitReport.notJudgedPrefix.count)) else {
            return .skipped(reason: message)
        }
        return .notJudged(blocker)
    }

    /// A not-run case's reason: its message after `not run: `.
    private static func notRunReason(_ message: String) -> String {
        message.hasPrefix(JUnitReport.notRunPrefix) ? String(message.dropFirst(JUnitReport.notRunPrefix.count)) : message
    }
}

extension Verdict {
    /// Whether this verdict fails its case: failed or errored (a warning does not gate; a case
    /// not judged is not failed, but not passing either).
    public var isFailing: Bool {
        switch self {
        case .failed, .errored: true
        case .passed, .warned, .notJudged, .waived, .skipped, .untested, .doesNotApply, .notRun: false
        }
    }

    /// Whether this verdict passes its case: passed, or warned (a SHOULD failure the gate lets pass).
    public var isPassing: Bool {
        switch self {
        case .passed, .warned: true
        case .failed, .errored, .notJudged, .waived, .skipped, .untested, .doesNotApply, .notRun: false
        }
    }

    /// Whether a failed precondition kept this case from being judged.
    public var isNotJudged: Bool {
        if case .notJudged = self { true } else { false }
    }

    /// Whether the case was meant to be judged and was not: not judged (a failed precondition), not
    /// run (an interrupted run did not reach it) or untested (the adapter lacks a capability). Unlike
    /// a case skipped on purpose, it verifies nothing that it should have, so a baseline comparison
    /// counts it against a pass.
    public var isUnverified: Bool {
        switch self {
        case .notJudged, .notRun, .untested: true
        case .passed, .warned, .failed, .errored, .waived, .skipped, .doesNotApply: false
        }
    }
}
