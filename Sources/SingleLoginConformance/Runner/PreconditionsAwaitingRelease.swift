import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// The preconditions marked `byRelease` that their step did not meet, waiting for the scenario's
/// next `release` step: an app may finish the call under way (its answer held) before it follows
/// the change the step made.
///
/// Each step's checks are judged through it, by the run and by ``TranscriptJudge`` alike. At a
/// `release`, the waiting preconditions are made first, against what the app shows after the
/// release; one that fails again blocks the case there, naming the step it came from. A
/// `byRelease` precondition that its own step meets is done with: an app that followed the change
/// at once and then let the late answer undo it fails the release's own checks.
struct PreconditionsAwaitingRelease {
    private struct Waiting {
        var precondition: Precondition
        var stepIndex: Int
        var description: String
        /// Where the step that wrote the check is in the spec: the line a report cites when the
        /// check fails at the release.
        var location: SourceLocation?
    }

    private var waiting: [Waiting] = []

    /// Judges the checks of `step`, number `index` (0-based), as ``CheckJudgement/judge(preconditions:subject:evaluator:observation:calls:stepIndex:description:location:)``
    /// does, but for the `byRelease` preconditions: those that fail wait, and a `release` makes
    /// the waiting ones first.
    mutating func judge(_ step: Step, index: Int, evaluator: ExpectationEvaluator, observation: Observation, calls: [BrokerCallRecord]) -> CheckJudgement {
        let description = step.action.description
        if step.action == .release, !waiting.isEmpty {
            let due = waiting
            waiting = []
            for owner in due.map(\.precondition).owners {
                let failed = due.filter { $0.precondition.requirementID == owner }.flatMap { waited in
                    evaluator.evaluate([waited.precondition.check], observation: observation, calls: calls, stepIndex: index, location: waited.location).map {
                        var issue = $0
                        issue.message += " (a precondition of step \(waited.stepIndex + 1) '\(waited.description)', which may be met as late as this release)"
                        return issue
                    }
                }
                if !failed.isEmpty {
                    // Cited at the step that wrote the check, as a report's spec line.
                    return CheckJudgement.blocked(
                        by: owner, failed: failed, stepIndex: index, description: description, location: failed[0].location ?? step.location)
                }
            }
        }
        // The step's own: a release step's wait for the release after it, as the loader requires one.
        var preconditions = step.judgedPreconditions
        let unmet = preconditions.filter { precondition in
            precondition.byRelease
                && !evaluator.evaluate([precondition.check], observation: observation, calls: calls, stepIndex: index, location: step.location).isEmpty
        }
        waiting += unmet.map { Waiting(precondition: $0, stepIndex: index, description: description, location: step.location) }
        preconditions.removeAll { unmet.contains($0) }
        return CheckJudgement.judge(
            preconditions: preconditions, subject: step.subjectChecks, evaluator: evaluator, observation: observation, calls: calls, stepIndex: index,
            description: description, location: step.location)
    }
}
