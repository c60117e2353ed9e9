/// The report files a command writes under `--reports`, and what its `--verbose` adds: what
/// tells one command's ``ReportOptions`` from another's.
package protocol ReportFiles: Sendable {
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
package enum RunReportFiles: ReportFiles {
    package static let junit = "junit.xml"
    package static let markdown = "summary.md"
    package static let html = "report.html"
    package static let verboseHelp = "Print every scenario with its broker transcript, step by step."
}

/// `preflight`'s reports: `preflight-junit.xml`, `preflight.md` and `preflight.html`.
package enum PreflightReportFiles: ReportFiles {
    package static let junit = "preflight-junit.xml"
    package static let markdown = "preflight.md"
    package static let html = "preflight.html"
    package static let verboseHelp = "Print every check with its evidence."
}
