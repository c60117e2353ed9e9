import CommandLineKit

/// What a listing command prints: aligned text for people or JSON for tools (`--format`).
package enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned text.
    case text
    /// JSON, keys sorted.
    case json

    /// `--format <format>`, text by default.
    package static func option(help: String) -> Option<OutputFormat> {
        Option("--format", value: "format", default: OutputFormat.text.rawValue, help: help, parser: .cases)
    }
}
