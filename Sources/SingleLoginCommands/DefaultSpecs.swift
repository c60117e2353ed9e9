import SingleLoginSpec

/// The specs commands use when none is named: the copies embedded in the binary, so every
/// command works from any directory with no checkout around it.
package enum DefaultSpecs {
    /// The shipped catalogue of behavioural requirements.
    package static let catalogue = EmbeddedSpec.singleLogin
    /// The shipped preflight checks.
    package static let preflight = EmbeddedSpec.singleLoginPreflight
    /// The shipped backend profile.
    package static let backend = EmbeddedSpec.backend

    /// Every embedded spec (not the schemas): the catalogue first, the preflight checks, the backend profile, then any others.
    package static var specs: [EmbeddedSpec] {
        let first = [catalogue, preflight, backend]
        return first + EmbeddedSpec.all.filter { !$0.isSchema && !first.contains($0) }
    }
}
