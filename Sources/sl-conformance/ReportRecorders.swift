import Foundation
import SingleLoginEvents
import SingleLoginReports

/// The recorders `run` and `preflight` share, built from the same report options
/// (`--reports`, `--junit`, `--markdown`, `--events`, `--junit-strict`, `--quiet`, `--verbose`).
enum ReportRecorders {
    /// Console on stdout, JUnit XML and Markdown files (defaults named `junitName` and `markdownName`
    /// under `--reports`), and JSON Lines when `--events` is given.
    static func make(_ arguments: ParsedArguments, junitName: String, markdownName: String) -> [any EventRecorder] {
        let reports = URL(fileURLWithPath: arguments.value("--reports") ?? "reports")
        let junit = arguments.value("--junit").map { URL(fileURLWithPath: $0) } ?? reports.appendingPathComponent(junitName)
        let markdown = arguments.value("--markdown").map { URL(fileURLWithPath: $0) } ?? reports.appendingPathComponent(markdownName)
        let verbosity: ConsoleStyle.Verbosity = arguments.flag("--quiet") ? .quiet : arguments.flag("--verbose") ? .verbose : .normal
        let isTerminal = StandardStreams.outputIsTerminal
        let style = ConsoleStyle(
            verbosity: verbosity, isTerminal: isTerminal,
            colors: ConsoleStyle.colorsEnabled(isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment))
        var recorders: [any EventRecorder] = [
            ConsoleRecorder(style: style) { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            JUnitXMLRecorder(url: junit, options: JUnitReport.Options(strict: arguments.flag("--junit-strict"))),
            MarkdownChecklistRecorder(url: markdown),
        ]
        if let events = arguments.value("--events") { recorders.append(JSONLinesRecorder(url: URL(fileURLWithPath: events))) }
        return recorders
    }
}
