/// The report files a command writes under `--reports`, and what its `--verbose` adds: what
/// tells one command's ``ReportOptions`` from another's.
public protocol ReportFiles: Sendable {
    /// The JUnit XML file's name, e.g. `junit.xml`.
    static var junit: String { get }
    /// The Markdown checklist's name, e.g. `summary.md`.
    static var markdown: String { get }
    /// The help of `--verbose`.
    static var verboseHelp: String { get }
}

/// `run`'s reports: `junit.xml` and `summary.md`.
public enum RunReportFiles: ReportFiles {
    public static let junit = "junit.xml"
    public static let markdown = "summary.md"
    public static let verboseHelp = "Print every scenario with its broker transcript, step by step."
}

/// `preflight`'s reports: `preflight-junit.xml` and `preflight.md`.
public enum PreflightReportFiles: ReportFiles {
    public static let junit = "preflight-junit.xml"
    public static let markdown = "preflight.md"
    public static let verboseHelp = "Print every check with its evidence."
}
