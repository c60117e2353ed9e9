/// When, within a step, a call was made: while the step's own event was delivered, or while the
/// account-change broadcasts it caused were.
public enum CallPhase: String, Hashable, Sendable, CaseIterable {
    /// The step's own event (a launch, a tap...).
    case step
    /// The broadcasts the step caused, delivered after it settled.
    case broadcasts
}
