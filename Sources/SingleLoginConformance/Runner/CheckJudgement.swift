import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// What one list of checks (a step's, or the scenario's at the end) came to: the issues of the
/// requirement's own subject, or the precondition that kept it from being judged.
///
/// Preconditions are made first. When one fails, the subject's checks beside it are not made: they
/// presume what did not happen. The test case is then not judged, naming the requirement that owns
/// the failed behaviour, and its remaining steps are not run. One defect reads as one.
enum CheckJudgement {
    /// Every precondition held: the subject's failed checks (none when it passed).
    case judged([Issue])
    /// A precondition failed: one issue of kind ``Issue/Kind/preconditionUnmet`` with the failed
    /// checks as its evidence, and the blocker the test case's outcome names.
    case blocked(Issue, Blocker)

    /// Judges `preconditions`, then, when they all hold, `subject`, with `evaluator`; `stepIndex`
    /// and `description` name the step (nil: the scenario's end).
    static func judge(
        preconditions: [Precondition], subject: [Expectation], evaluator: ExpectationEvaluator, observation: Observation, calls: [BrokerCallRecord],
        stepIndex: Int?, description: String?, location: SourceLocation?
    ) -> CheckJudgement {
        // The first owner, in the order the checks are written, whose checks fail blocks the case.
        for owner in preconditions.owners {
            let checks = preconditions.filter { $0.requirementID == owner }.map(\.check)
            let failed = evaluator.evaluate(checks, observation: observation, calls: calls, stepIndex: stepIndex, location: location)
            if !failed.isEmpty {
                return blocked(by: owner, failed: failed, stepIndex: stepIndex, description: description, location: location)
            }
        }
        return .judged(evaluator.evaluate(subject, observation: observation, calls: calls, stepIndex: stepIndex, location: location))
    }

    /// The case blocked by `owner`'s behaviour, which `failed` shows did not happen (failed checks,
    /// or the crash or hang of a starting-point step).
    static func blocked(by owner: String, failed: [Issue], stepIndex: Int?, description: String?, location: SourceLocation?) -> CheckJudgement {
        let place = stepIndex.map { "at step \($0 + 1) '\(description ?? "")'" } ?? "at the end"
        let more = failed.count > 1 ? " (and \(failed.count - 1) more)" : ""
        let reason = "\(place): \(failed[0].message)\(more)"
        let evidence = failed.map { issue in
            ([issue.message] + (issue.observed.isEmpty ? [] : issue.observed.split(separator: "\n").map { "  " + $0 })).joined(separator: "\n")
        }
        let issue = Issue(
            severity: failed.contains { $0.severity == .error } ? .error : .failure, kind: .preconditionUnmet, message: reason, stepIndex: stepIndex,
            expected: failed.map(\.expected).filter { !$0.isEmpty }.joined(separator: "\n"), observed: evidence.joined(separator: "\n"), location: location)
        return .blocked(issue, Blocker(requirementID: owner, reason: reason))
    }
}

extension TestCaseResult.Outcome {
    /// The outcome of a test case that recorded `issues` and, when a precondition failed,
    /// `blocker`: errored when any issue is an error; failed when any other failure is the app's
    /// (a subject's check that failed before the precondition did still fails the case); not
    /// judged when a precondition failed; else passed. The run and ``TranscriptJudge`` both decide so.
    init(issues: [Issue], blocker: Blocker?) {
        if issues.contains(where: { $0.severity == .error }) {
            self = .errored
        } else if issues.contains(where: { $0.kind != .preconditionUnmet }) {
            self = .failed
        } else if let blocker {
            self = .notJudged(blocker)
        } else {
            self = issues.isEmpty ? .passed : .failed
        }
    }
}

extension [Precondition] {
    /// The requirements that own these preconditions, each once, in the order the checks are written:
    /// the first whose checks fail blocks the case.
    var owners: [String] {
        var owners: [String] = []
        for precondition in self where !owners.contains(precondition.requirementID) { owners.append(precondition.requirementID) }
        return owners
    }
}
