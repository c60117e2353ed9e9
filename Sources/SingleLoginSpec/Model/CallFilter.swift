import SingleLoginAdapter

/// Which calls a `calls` check counts, besides their method.
public struct CallFilter: Hashable, Sendable {
    /// `answered`: only calls answered with a result (`ok`) or an error (`error`); nil: both.
    public var answered: Answered?
    /// `during`: only calls the step's own event caused, or only those made while the broadcasts it caused were delivered; nil: both.
    public var during: CallPhase?

    /// Creates a filter (the default counts every call of the method).
    public init(answered: Answered? = nil, during: CallPhase? = nil) {
        self.answered = answered
        self.during = during
    }

    /// How a call was answered.
    public enum Answered: String, Hashable, Sendable, CaseIterable {
        /// With a result.
        case ok
        /// With an error.
        case error
    }

    /// Whether a call made during `phase`, answered with an error or not, is counted.
    public func includes(phase: CallPhase, failed: Bool) -> Bool {
        (during.map { $0 == phase } ?? true) && (answered.map { ($0 == .error) == failed } ?? true)
    }
}
