import SingleLoginSpec

/// Which failures decide a run: every requirement's, or only the MUST ones' (SHOULD failures then warn).
///
/// The run's context carries it, so that every recorder and the exit status apply the same rule.
public enum Gate: String, Hashable, Sendable, CaseIterable {
    /// MUST and SHOULD failures fail the run.
    case mustAndShould
    /// Only MUST failures fail the run; a SHOULD failure is a warning.
    case mustOnly

    /// Whether a failure of a requirement at `level` fails the run.
    public func gates(_ level: Requirement.Level) -> Bool {
        self == .mustAndShould || level == .must
    }
}
