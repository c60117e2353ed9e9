import DidYouMean
import SingleLoginTransport
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// Which failures fail their tests (``Conformance/gate``): `.mustAndShould` (the default: every
/// failure fails its test) or `.mustOnly` (a SHOULD requirement's failures are warnings). The
/// harness's own type, so that a test target needs no other import.
public typealias Gate = SingleLoginEvents.Gate
/// `MUST` or `SHOULD`: how binding a requirement is (the spec's word, typed).
public typealias RequirementLevel = SingleLoginSpec.Requirement.Level
/// What a finding is about (`expectation.noDataOf`, `adapter.timeout`, ...): the harness's issue
/// kind, typed; its description is the text JUnit and the event stream carry.
public typealias IssueKind = SingleLoginEvents.Issue.Kind

/// Runs a conformance spec in process against a vendor's `ConformanceAdapter`, one
/// requirement at a time, and returns each requirement's result with its evidence.
///
///     let conformance = Conformance { ShiftBoardAdapter() }     // the shipped spec
///     let check = await conformance.check("SL-LOGOUT-1")
///     if !check.passed { print(check.evidence) }
///
/// In a Swift Testing suite, `await conformance.expect("SL-LOGOUT-1")` records an issue per
/// failing scenario; in XCTest, `await conformance.assert("SL-LOGOUT-1")` fails the test.
/// `sl-conformance generate-tests` writes one such test per requirement (docs/in-process.md).
///
/// `adapter` is called once for each requirement checked, and tests may check several at once:
/// each adapter must drive an app instance of its own, with storage of its own.
public struct Conformance: Sendable {
    /// The spec checked.
    public let spec: ConformanceSpec
    /// Which failures fail their test: under `.mustOnly` (the command line's `--level must`) a
    /// failing SHOULD requirement is a warning, with the same evidence, and its test passes.
    public let gate: Gate
    /// How long one scenario may take.
    public let scenarioTimeout: Duration
    /// How long the adapter may take to answer one request (reset, an event, observe, settle),
    /// with the broker calls its app makes meanwhile. An event that takes longer fails its
    /// scenario with `app.hung`, as iOS's watchdog would end the app; the task is cancelled, and
    /// the next scenario gets a fresh adapter.
    public let stepTimeout: Duration
    let makeAdapter: @Sendable () -> any ConformanceAdapter

    /// Checks `spec` (the shipped one by default) against adapters made by `adapter`; `gate` says
    /// whether SHOULD failures fail their tests (the default) or are warnings.
    public init(
        spec: ConformanceSpec = .shipped, gate: Gate = .mustAndShould, scenarioTimeout: Duration = AdapterTimeouts().scenario,
        stepTimeout: Duration = AdapterTimeouts().step,
        adapter: @escaping @Sendable () -> any ConformanceAdapter
    ) {
        self.spec = spec
        self.gate = gate
        self.scenarioTimeout = scenarioTimeout
        self.stepTimeout = stepTimeout
        self.makeAdapter = adapter
    }

    /// Runs every scenario of the requirement `requirementID` on a fresh adapter.
    ///
    /// An ID the spec does not hold gives an errored result whose finding names the closest ID.
    public func check(_ requirementID: String) async -> RequirementCheck {
        guard let requirement = spec.loaded.spec.requirements.first(where: { $0.id == requirementID }) else {
            let suggestion = Suggestion.closest(to: requirementID, among: spec.requirementIDs).map { "; did you mean '\($0)'?" } ?? ""
            let finding = Finding(
                isError: true, type: .scenarioInvalid, message: "\(spec.id) \(spec.version) has no requirement '\(requirementID)'\(suggestion)",
                step: nil, stepAction: nil, location: nil, expected: "", observed: "")
            let scenario = ScenarioCheck(
                name: "(no such requirement)", outcome: .errored, findings: [finding], transcript: [], duration: 0, evidence: finding.message)
            return RequirementCheck(id: requirementID, level: nil, title: "", location: nil, outcome: .errored, scenarios: [scenario])
        }
        return await run([requirement])[0]
    }

    /// Runs every requirement of the spec, in spec order, on one adapter after another.
    public func checkAll() async -> [RequirementCheck] {
        await run(spec.loaded.spec.requirements)
    }

    private func run(_ requirements: [Requirement]) async -> [RequirementCheck] {
        var subset = spec.loaded.spec
        subset.requirements = requirements
        let collected = Collected()
        let makeAdapter = self.makeAdapter
        let runner = Runner(spec: subset, specSHA256: spec.sha256, options: Runner.Options(specOrigin: spec.origin)) { [scenarioTimeout, stepTimeout] in
            InProcessAdapterProvider(timeouts: AdapterTimeouts(step: stepTimeout, scenario: scenarioTimeout), makeAdapter)
        }
        await runner.run { event in collected.take(event) }
        let (results, steps) = collected.snapshot
        return requirements.map { requirement in
            let own = results.filter { $0.id.requirementID == requirement.id }
            // The requirement's outcome is the one verdict every report gives it (the gate's
            // warning is the test's business: see `reports(for:)`). One not fully tested whose
            // played scenarios passed reads as passed, its untested scenarios skipped with their
            // reason, which its test warns of (``partText(_:)``): a skip would say nothing was verified.
            let verdict = Verdict(aggregating: own, gate: .mustAndShould)
            let playedAndPassed = verdict.outcome.untestedReason != nil && own.contains { $0.outcome == .passed }
            return RequirementCheck(
                id: requirement.id, level: requirement.level, title: requirement.title, location: requirement.location?.description,
                outcome: playedAndPassed ? .passed : CheckOutcome(verdict),
                scenarios: own.map { Self.scenario($0, steps: steps[$0.id] ?? [:]) })
        }
    }

    static func scenario(_ result: TestCaseResult, steps: [Int: String]) -> ScenarioCheck {
        let outcome = CheckOutcome(Verdict(of: result, gate: .mustAndShould))
        let findings = result.issues.map { issue in
            Finding(
                isError: issue.severity == .error, type: issue.kind, message: issue.message, step: issue.stepIndex.map { $0 + 1 },
                stepAction: issue.stepIndex.flatMap { steps[$0] }, location: issue.location?.description, expected: issue.expected, observed: issue.observed)
        }
        let evidence = outcome == .passed ? "" : ConsoleRecorder.evidence(of: result, gate: .mustAndShould, steps: steps)
        return ScenarioCheck(
            name: result.id.scenarioName, outcome: outcome, findings: findings, transcript: result.transcript.map(\.line), duration: result.duration,
            evidence: evidence)
    }

    /// The results and step descriptions a run's events bring, gathered from the runner's task.
    private final class Collected: Sendable {
        private let state = Locked<(results: [TestCaseResult], steps: StepDescriptions)>(([], StepDescriptions()))

        func take(_ event: Event) {
            state.withLock {
                $0.steps.take(event)
                if case let .testCaseEnded(result) = event.kind { $0.results.append(result) }
            }
        }

        var snapshot: ([TestCaseResult], [TestCaseID: [Int: String]]) { state.withLock { ($0.results, $0.steps.byTestCase) } }
    }
}
