/// The harness's own version, kept in one place for `--version`, reports and wire handshakes.
public enum HarnessVersion {
    /// The current harness version, semantic versioning.
    public static let current = "0.1.0"
}
