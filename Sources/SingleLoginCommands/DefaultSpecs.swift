import SingleLoginSpec

/// The specs commands use when none is named: the copies embedded in the binary, so every
/// command works from any directory with no checkout around it.
public enum DefaultSpecs {
    /// The shipped catalogue of behavioural requirements.
    public static let catalogue = EmbeddedSpec.singleLogin
    /// The shipped preflight checks.
    public static let preflight = EmbeddedSpec.singleLoginPreflight
    /// The shipped backend profile.
    public static let backend = EmbeddedSpec.backend

    /// Every embedded spec (not the schemas): the catalogue first, the preflight checks, the backend profile, then any others.
    public static var specs: [EmbeddedSpec] {
        let first = [catalogue, preflight, backend]
        return first + EmbeddedSpec.all.filter { !$0.isSchema && !first.contains($0) }
    }
}
