/// Which backend process a case runs on.
public enum BackendProcessRole: String, Sendable, Hashable {
    /// The process shared by the quick cases (restarted if it dies).
    case shared
    /// A process of its own that waits for the key rotation.
    case rotation
    /// A process of its own whose JWKS holds decoys from its first fetch.
    case decoy
}
