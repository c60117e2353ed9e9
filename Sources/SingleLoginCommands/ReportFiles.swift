/// The report files a command writes under `--reports`, and what its `--verbose` adds: what
/// tells one command's ``ReportOptions`` from another's.
public protocol ReportFiles: Sendable {
    /// The JUnit XML file's name, e.g. `junit.xml`.
    static var junit: String { get }
    /// The Markdown checklist's name, e.g. `summary.md`.
    static var markdown: String { get }
    /// The HTML report's name, e.g. `report.html`.
    static var html: String { get }
    /// The help of `--verbose`.
    static var verboseHelp: String { get }
}

/// `run`'s reports: `junit.xml`, `summary.md` and `report.html`.
public enum RunReportFiles: ReportFiles {
    public static let junit = "junit.xml"
    public static let markdown = "summary.md"
    public static let html = "report.html"
    public static let verboseHelp = "Print every scenario with its broker transcript, step by step."
}

/// `preflight`'s reports: `preflight-junit.xml`, `preflight.md` and `preflight.html`.
public enum PreflightReportFiles: ReportFiles {
    public static let junit = "preflight-junit.xml"
    public static let markdown = "preflight.md"
    public static let html = "preflight.html"
    public static let verboseHelp = "Print every check with its evidence."
}
