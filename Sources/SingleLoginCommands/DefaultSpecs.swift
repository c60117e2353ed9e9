/// The spec files commands read when none is named, relative to the current directory (the repository's root).
public enum DefaultSpecs {
    /// The shipped catalogue of behavioural requirements.
    public static let catalogue = "specs/single-login.json"
    /// The shipped preflight checks.
    public static let preflight = "specs/preflight.json"
    /// The shipped backend profile.
    public static let backend = "specs/backend.json"
}
