extension RunContext {
    /// What kind of run it is, as reports and the event stream name it (`run.kind`); decoded from
    /// that text at the edge, never compared as text inside.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The app's behaviour, through its adapter (`run`, and the testing kit).
        case run
        /// Static configuration: the app's source files (`preflight`).
        case preflight
        /// Explored histories (`explore`).
        case explore
        /// The backend profile (`backend`).
        case backend
        /// A pass on a real device, recorded in the app and judged from its trace (`device-pass`).
        case devicePass
    }
}
