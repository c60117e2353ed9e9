import SingleLoginAdapter

/// Releases each test case's events in plan order, whatever order the jobs finish in.
/// Requirements start before their first test case and end after their last, so a
/// requirement's test cases are always reported together. Public for other runners (the backend profile).
public actor OrderedRelease {
    private let plan: [PlannedTestCase]
    private let gate: Gate
    private let handler: @Sendable (Event) -> Void
    private var finished: [Int: ([Event], TestCaseResult)] = [:]
    private var next = 0
    private var released: [TestCaseResult] = []
    private var currentRequirement: [TestCaseResult] = []
    private var lastIdentity: AdapterIdentity?

    /// Creates a release for `plan` that hands events to `handler`; `gate` judges each requirement's verdict.
    public init(plan: [PlannedTestCase], gate: Gate, handler: @escaping @Sendable (Event) -> Void) {
        self.plan = plan
        self.gate = gate
        self.handler = handler
        released.reserveCapacity(plan.count)
    }

    /// Records the events and result of plan entry `index`, and releases every entry now in order.
    public func complete(_ index: Int, events: [Event], result: TestCaseResult) {
        finished[index] = (events, result)
        while let (events, result) = finished.removeValue(forKey: next) {
            let requirement = plan[next].requirement
            if next == 0 || plan[next - 1].requirement.id != requirement.id {
                handler(Event(.requirementStarted(requirement)))
            }
            for event in events {
                // Every job announces its adapter; reports show it once, and again only if it changed.
                if case .adapterIdentified(let identity) = event.kind {
                    guard identity != lastIdentity else { continue }
                    lastIdentity = identity
                }
                handler(event)
            }
            released.append(result)
            currentRequirement.append(result)
            next += 1
            if next == plan.count || plan[next].requirement.id != requirement.id {
                handler(Event(.requirementEnded(RequirementResult(requirement: requirement, results: currentRequirement, gate: gate))))
                currentRequirement = []
            }
        }
    }

    /// The results released so far, in plan order.
    public func results() -> [TestCaseResult] { released }
}
