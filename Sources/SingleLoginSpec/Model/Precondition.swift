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

    /// Creates a precondition: `check`, owned by `requirementID`.
    public init(_ check: Expectation, ownedBy requirementID: String) {
        self.check = check
        self.requirementID = requirementID
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
