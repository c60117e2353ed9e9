/// How the console recorder writes: how much, and whether with colour and live progress.
public struct ConsoleStyle: Hashable, Sendable {
    /// How much to print.
    public enum Verbosity: Hashable, Sendable {
        /// Only the failure summary and the totals.
        case quiet
        /// A line per requirement, then the summary.
        case normal
        /// Also a line per scenario with its broker transcript.
        case verbose
    }

    /// How much to print.
    public var verbosity: Verbosity
    /// Whether output goes to a terminal: enables the live "running…" line.
    public var isTerminal: Bool
    /// Whether to colour with ANSI escapes.
    public var colors: Bool
    /// Whether the recorder ends with the `Result:` line. A command that writes report files turns
    /// it off and prints the line itself (`ConsoleRecorder.resultLine(_:context:style:)`) once
    /// every file is written, so the last line can never say PASSED when a report is missing.
    public var printsResult: Bool

    /// Creates a style; plain text unless told otherwise.
    public init(verbosity: Verbosity = .normal, isTerminal: Bool = false, colors: Bool = false, printsResult: Bool = true) {
        self.verbosity = verbosity
        self.isTerminal = isTerminal
        self.colors = colors
        self.printsResult = printsResult
    }

    /// Colours only on a terminal, and never when `NO_COLOR` is set and not empty or `TERM` is `dumb`.
    public static func colorsEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// Wraps `text` in an SGR colour code when colours are on.
    func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
