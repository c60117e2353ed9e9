import CommandLineKit

/// The JUnit option every command that writes JUnit XML shares.
public enum JUnitOptions {
    /// `--junit-strict`.
    public static let strict = Flag("--junit-strict", help: "Write JUnit XML that also passes the strict Ant schema.")
}
