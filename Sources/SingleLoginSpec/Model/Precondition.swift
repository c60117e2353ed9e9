/// A check marked `"precondition": "SL-SWITCH-3"` (format 1.4): not the requirement's own subject,
/// but a behaviour that the named requirement owns and that the subject presumes ("the app shows
/// the new user" before "none of the previous user's data is in Spotlight" can be judged).
///
/// When a precondition fails, the test case is not judged: it is neither passed nor failed, and
/// names the owning requirement, whose own test cases judge the behaviour. A step's
/// ``Step/startingPoint`` makes each of that step's checks a precondition owned by the requirement
/// it names.
public struct Precondition: Hashable, Sendable {
    /// The check.
    public var check: Expectation
    /// The requirement that owns the behaviour it checks, e.g. `SL-SWITCH-3`.
    public var requirementID: String
    /// Whether the check may be met as late as the scenario's next `release` step (`"byRelease":
    /// true`, format 1.6): an app may finish the call under way, whose answer is held, before it
    /// follows the change this step made. If the check fails at its step, the case goes on, and the
    /// check is made again first at the release, where it blocks the case if it fails again.
    public var byRelease: Bool

    /// Creates a precondition: `check`, owned by `requirementID`, to be met at its step, or by the
    /// next release when `byRelease`.
    public init(_ check: Expectation, ownedBy requirementID: String, byRelease: Bool = false) {
        self.check = check
        self.requirementID = requirementID
        self.byRelease = byRelease
    }
}

extension Step {
    /// The step's preconditions as the runner judges them: its own, then, in a starting-point step,
    /// every check of ``expect``, owned by the requirement ``startingPoint`` names.
    public var judgedPreconditions: [Precondition] {
        preconditions + (startingPoint.map { owner in expect.map { Precondition($0, ownedBy: owner) } } ?? [])
    }

    /// The step's checks of the requirement's own subject: ``expect``, unless the step is a starting point.
    public var subjectChecks: [Expectation] {
        startingPoint == nil ? expect : []
    }
}
