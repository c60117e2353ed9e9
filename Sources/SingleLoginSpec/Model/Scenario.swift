/// One concrete demonstration of a requirement: a starting state, steps, and checks.
public struct Scenario: Hashable, Sendable {
    /// A name unique within its requirement; with the requirement ID it names a test case.
    public var name: String
    /// The device and broker state before the first step.
    public var given: Given
    /// What happens, in order. Each step may carry checks made right after it.
    public var steps: [Step]
    /// Checks made after the last step; call counts here cover the whole scenario. Those marked
    /// `precondition` are in ``preconditions`` instead.
    public var expect: [Expectation]
    /// The checks after the last step marked `"precondition": "SL-…"` (format 1.4), made before
    /// ``expect``: if one fails, the test case is not judged.
    public var preconditions: [Precondition]
    /// Where the scenario starts in its file.
    public var location: SourceLocation?

    /// Creates a scenario.
    public init(
        name: String, given: Given, steps: [Step], expect: [Expectation], preconditions: [Precondition] = [], location: SourceLocation? = nil
    ) {
        self.name = name
        self.given = given
        self.steps = steps
        self.expect = expect
        self.preconditions = preconditions
        self.location = location
    }
}
