import CommandLineKit

/// `--badge FILE`, defined once for every command that writes reports: the reporting commands
/// (``ReportOptions``) and `merge`, whose merged event stream is a whole run's.
package enum BadgeOption {
    /// `--badge <file>`.
    package static let badge = Option(
        "--badge", value: "file", help: "Also write a shields.io endpoint badge (JSON), e.g. '<spec> <version> | 29/29 MUST', coloured by the result.")
}
