import Foundation

/// Where a bundled report first differs from the one `verify` renders again: its line, in the
/// bundle's own words. Never what the line should say, or `verify` would write a forged report's
/// every line for its forger, one run at a time.
struct ReportDifference {
    /// The bundled report's lines.
    let found: [Substring]
    /// The index (from 0) of its first line that differs; `found.count` when it ends early.
    let line: Int

    /// The first difference of `found` from `expected`.
    init(expected: Data, found: Data) {
        let expected = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let found = String(decoding: found, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        self.found = found
        line = (0..<min(expected.count, found.count)).first { expected[$0] != found[$0] } ?? min(expected.count, found.count)
    }

    /// `line 7 differs from the report the events give (the bundle's line: ...)`, or where the
    /// bundled report ends early; `gives` says what gives the report (`the events give`).
    func place(gives: String) -> String {
        line < found.count
            ? "line \(line + 1) differs from the report \(gives) (the bundle's line: \(String(found[line].prefix(200))))"
            : "ends after line \(found.count), before the report \(gives) ends"
    }
}
