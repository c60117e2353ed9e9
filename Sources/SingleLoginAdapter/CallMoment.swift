/// A step of a test case, and which part of it: its own event or the broadcasts it caused. A call
/// of the app belongs to one (the step it was made under) and is answered in one (the same, or a
/// later one for a call that a held answer let the app make after its event was answered).
public struct CallMoment: Sendable, Hashable {
    /// The step (0-based); nil during reset.
    public var stepIndex: Int?
    /// The step's own event, or its broadcasts.
    public var phase: CallPhase

    /// Creates a moment.
    public init(stepIndex: Int?, phase: CallPhase) {
        self.stepIndex = stepIndex
        self.phase = phase
    }

    /// The moment the calls the current task makes belong to: set by the runner around each event
    /// it delivers, and by the harness's session around a call that arrives after its event was
    /// answered (named by its `underRequest`). nil: wherever the broker's current step is.
    @TaskLocal package static var current: CallMoment?
}

extension CallMoment: CustomStringConvertible {
    /// `step 2`, `step 2's broadcasts`, or `reset`, as reports name it.
    public var description: String {
        let step = stepIndex.map { "step \($0 + 1)" } ?? "reset"
        return phase == .broadcasts ? "\(step)'s broadcasts" : step
    }
}
