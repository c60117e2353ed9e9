import CommandLineKit

/// The JUnit option every command that writes JUnit XML shares.
package enum JUnitOptions {
    /// `--junit-strict`.
    package static let strict = Flag("--junit-strict", help: "Write JUnit XML that also passes the strict Ant schema.")
}
