import Foundation
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

/// What `run --rerun FILE` takes from an earlier run's `junit.xml`: the passes it keeps (released
/// as they were, without running) and, for each case it runs again (failed, errored, waived,
/// warned, skipped, not run or missing there), the failed attempts it had, which become the start
/// of its history.
struct RerunPlan: Sendable {
    /// The earlier passes, kept as they are.
    var kept: [TestCaseID: TestCaseResult] = [:]
    /// The earlier failed or errored attempts of the cases run again, oldest first.
    var history: [TestCaseID: [TestCaseResult]] = [:]
    /// How many planned cases run again.
    var rerun = 0
    /// How many of them were not judged there (a precondition, another requirement's behaviour,
    /// failed): they run with no attempt of their own, since their blocker failed, not they.
    var notJudged = 0

    /// No earlier run: everything runs.
    init() {}

    /// The plan for `planned` from `report` (read from `path`).
    init(report: JUnitReport, planned: [PlannedTestCase]) {
        var earlier: [TestCaseID: JUnitReport.Case] = [:]
        for suite in report.suites {
            for testCase in suite.cases {
                let requirementID = suite.property("requirement.id") ?? testCase.classname.split(separator: ".").last.map(String.init) ?? testCase.classname
                earlier[TestCaseID(requirementID: requirementID, scenarioName: testCase.name)] =
                    earlier[TestCaseID(requirementID: requirementID, scenarioName: testCase.name)] ?? testCase
            }
        }
        for planned in planned where planned.skipReason == nil {
            // Named as the report names it (whitespace collapsed), as a baseline compares.
            let name = TestCaseID(
                requirementID: planned.id.requirementID, scenarioName: JUnitNames.normalize(planned.id.scenarioName, fallback: "(unnamed scenario)"))
            guard let testCase = earlier[name] else { rerun += 1; continue }
            let attempts = testCase.attempts.map { attempt in
                Self.attempt(
                    planned, Issue(severity: attempt.errored ? .error : .failure, kind: Issue.Kind(rawValue: attempt.type), message: attempt.message),
                    duration: 0)
            }
            // Not run to a verdict there (interrupted: an <error type="notRun">; blocked: not judged):
            // it runs now, with no attempt of its own in its history, as a skip does.
            switch testCase.result.verdict {
            case .notRun, .notJudged:
                rerun += 1
                if case .notJudged = testCase.result.verdict { notJudged += 1 }
                if !attempts.isEmpty { history[planned.id] = attempts }
                continue
            default: break
            }
            // The issue of the last attempt there, for a case that runs again.
            let issue: Issue
            switch testCase.result {
            case .passed:
                kept[planned.id] = Self.result(planned, outcome: .passed, duration: testCase.time)
                continue
            case .skipped:
                // A failure waived there is a failure here: it runs again, with its history.
                if case let .waived(failure) = testCase.result.verdict {
                    issue = Issue(severity: .failure, kind: .waived, message: failure.description)
                    break
                }
                // Not run there (skipped, not selected, interrupted): it runs now, with no history.
                rerun += 1
                if !attempts.isEmpty { history[planned.id] = attempts }
                continue
            case let .failure(message, type, _): issue = Issue(severity: .failure, kind: Issue.Kind(rawValue: type), message: message)
            case let .error(message, type, _): issue = Issue(severity: .error, kind: Issue.Kind(rawValue: type), message: message)
            case .warning: issue = Issue(severity: .failure, kind: .warning, message: "SHOULD requirement not met")
            }
            rerun += 1
            history[planned.id] = attempts + [Self.attempt(planned, issue, duration: testCase.time)]
        }
    }

    /// A failed attempt of `planned` that recorded `issue`, errored when the issue is an error.
    private static func attempt(_ planned: PlannedTestCase, _ issue: Issue, duration: Double) -> TestCaseResult {
        result(planned, outcome: issue.severity == .error ? .errored : .failed, issue: issue, duration: duration)
    }

    private static func result(_ planned: PlannedTestCase, outcome: TestCaseResult.Outcome, issue: Issue? = nil, duration: Double) -> TestCaseResult {
        TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: outcome, duration: duration, issues: issue.map { [$0] } ?? [])
    }

    /// What `run` prints before it runs: how many cases run again, and how many it keeps.
    func line(path: String) -> String {
        let blocked =
            notJudged == 0 ? "" : " (\(notJudged) of them not judged there: each runs with no attempt of its own, its blocker's case carries the failure)"
        return
            "Re-running \(rerun) test case\(rerun == 1 ? "" : "s") that did not pass in \(path)\(blocked); keeping \(kept.count) earlier result\(kept.count == 1 ? "" : "s")."
    }

    /// The plan from the report at `path`: exit 66 when it cannot be read or is no JUnit report,
    /// 64 when it is a report of another spec (another id, version or SHA-256, as `merge` tells
    /// specs apart: a case of another version may have other steps, or be new).
    static func load(_ path: String, spec: Spec, sha256: String, planned: [PlannedTestCase]) throws(CommandFailure) -> RerunPlan {
        let report = try GatingOptions.readJUnit(path, option: "--rerun")
        let fix = "\n  fix: give '--rerun' the junit.xml of an earlier run of the same spec; after a new version of it, run the whole spec once"
        if let id = report.runProperty("spec.id"), id != spec.id {
            throw CommandFailure(status: .usage, message: "error: \(path): a report of spec '\(id)', not '\(spec.id)'" + fix)
        }
        if let version = report.runProperty("spec.version"), version != spec.version {
            throw CommandFailure(status: .usage, message: "error: \(path): a report of \(spec.id) \(version), not \(spec.version)" + fix)
        }
        if let digest = report.runProperty("spec.sha256"), digest != sha256 {
            throw CommandFailure(
                status: .usage,
                message: "error: \(path): a report of \(spec.id) \(spec.version) in other bytes (SHA-256 \(digest.prefix(12))…, not \(sha256.prefix(12))…)"
                    + fix)
        }
        return RerunPlan(report: report, planned: planned)
    }
}
