import CommandLineKit

/// `list --format`: aligned text, JSON, or the README's Markdown table.
package enum ListFormat: String, CaseIterable, Sendable {
    /// Aligned text.
    case text
    /// JSON, keys sorted.
    case json
    /// The catalogue table the README shows (`| ID | Level | Behaviour |`).
    case markdown

    /// `--format <format>`, text by default.
    package static func option(help: String) -> Option<ListFormat> {
        Option("--format", value: "format", default: ListFormat.text.rawValue, help: help, parser: .cases)
    }
}
