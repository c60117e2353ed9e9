import SingleLoginEvents

/// How a requirement or one of its scenarios fared.
public enum CheckOutcome: Hashable, Sendable {
    /// Every check held.
    case passed
    /// A check failed: the app violates the requirement.
    case failed
    /// The adapter or the harness broke: nothing is known about the requirement.
    case errored
    /// A precondition failed, a behaviour the requirement `blockedBy` owns: the requirement could
    /// not be judged. Never a pass: a test reports it as it reports a failure.
    case notJudged(blockedBy: String, reason: String)
    /// A failure that a waiver on record accepts for now, with what the waiver says (its reason,
    /// link and last day): not reported as a failure, and never a pass.
    case waived(note: String)
    /// Not run, with the reason (e.g. an unknown requirement ID).
    case skipped(reason: String)

    /// The outcome a verdict reads as: a warning is a failure here (whether a test reports it as
    /// one is the gate's, in ``Conformance``); a skip, an untested case, a case not run and one
    /// that does not apply are all not run.
    init(_ verdict: Verdict) {
        switch verdict {
        case .passed: self = .passed
        case .failed, .warned: self = .failed
        case .errored: self = .errored
        case let .notJudged(blocker): self = .notJudged(blockedBy: blocker.requirementID, reason: blocker.reason)
        case let .waived(failure): self = .waived(note: failure.note)
        // An untested case (an adapter declaring no concurrentCalls) reads as a skip, with its reason.
        case let .skipped(reason), let .untested(reason), let .notRun(reason), let .doesNotApply(reason): self = .skipped(reason: reason)
        }
    }
}
