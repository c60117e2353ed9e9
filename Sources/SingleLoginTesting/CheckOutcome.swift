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
    /// Not run, with the reason (e.g. an unknown requirement ID).
    case skipped(reason: String)
}
