import Foundation
import SingleLoginEvents
import SingleLoginSpec

/// Runs a preflight spec's checks against an app's files and reports them as harness events, so
/// that the recorders of `run` (console, JUnit XML, Markdown) report preflight too.
public enum Preflight {
    /// The scenario name every preflight test case carries.
    public static let scenarioName = "static configuration"

    /// Reads the project's files, evaluates every check in spec order, and emits `runStarted`, then
    /// `requirementStarted`/`testCaseStarted`/`issueRecorded`/`testCaseEnded`/`requirementEnded` per
    /// check, then `runEnded`. Never throws:
    /// missing or malformed files become failures or errors of the checks that need them.
    @discardableResult
    public static func run(
        project input: PreflightInput, spec: PreflightSpec, gate: Gate = .mustAndShould, specOrigin: String? = nil,
        hostname: String = RunContext.localHostName, handler: (Event) -> Void
    ) -> PreflightReport {
        let clock = ContinuousClock()
        let started = clock.now
        let context = RunContext(
            kind: .preflight, specID: spec.id, specVersion: spec.version, specTitle: spec.title,
            specSHA256: spec.sha256Hex, harnessVersion: HarnessVersion.current, adapter: nil,
            hostname: hostname, startDate: Date(), gate: gate, specOrigin: specOrigin)
        let plan = spec.checks.map { PlannedTestCase(id: testCaseID(of: $0), requirement: $0.summary) }
        handler(Event(.runStarted(context, plan: plan)))

        let snapshot = ProjectSnapshot(input: input)
        let evaluator = RuleEvaluator(snapshot: snapshot)
        var results: [TestCaseResult] = []
        for check in spec.checks {
            let id = testCaseID(of: check)
            let checkStarted = clock.now
            handler(Event(.requirementStarted(check.summary)))
            handler(Event(.testCaseStarted(id)))
            var evaluation = evaluator.evaluate(check.rule, expected: check.summary.title)
            for index in evaluation.issues.indices {
                evaluation.issues[index].location = check.location
                handler(Event(.issueRecorded(id, evaluation.issues[index])))
            }
            let result = TestCaseResult(
                id: id, requirement: check.summary, outcome: evaluation.outcome,
                duration: (clock.now - checkStarted).inSeconds, issues: evaluation.issues)
            results.append(result)
            handler(Event(.testCaseEnded(result)))
            handler(Event(.requirementEnded(RequirementResult(requirement: check.summary, results: [result], gate: gate))))
        }
        let summary = RunSummary(results: results, duration: (clock.now - started).inSeconds, interrupted: false)
        handler(Event(.runEnded(summary)))
        return PreflightReport(context: context, results: results, summary: summary)
    }

    /// The test case a check becomes: requirement = the check's ID, scenario = ``scenarioName``.
    public static func testCaseID(of check: PreflightCheck) -> TestCaseID {
        TestCaseID(requirementID: check.id, scenarioName: scenarioName)
    }
}
