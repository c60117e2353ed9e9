import CommandLineKit
import Foundation
import SingleLoginEvents
import SingleLoginReports

/// The report options of every command that reports a run (`run`, `preflight`): the gate, where
/// the files go, the event stream, and how much the console prints.
///
/// `--level`, `--reports`, `--junit`, `--markdown`, `--html`, `--events`, `--junit-strict`, `--quiet`,
/// `--verbose`, defined once; `Files` names the command's default files.
public struct ReportOptions<Files: ReportFiles>: OptionGroup {
    /// `--level must|should`: which failures fail the run.
    public static var level: Option<Gate> { LevelOption.level }
    /// `--reports <dir>`.
    public static var reports: Option<String> {
        Option("--reports", value: "dir", default: "reports", help: "Directory for \(Files.junit), \(Files.markdown) and \(Files.html).")
    }
    /// `--junit <file>`.
    public static var junit: Option<String> {
        Option("--junit", value: "file", help: "Where to write JUnit XML (default: <reports>/\(Files.junit)).")
    }
    /// `--markdown <file>`.
    public static var markdown: Option<String> {
        Option("--markdown", value: "file", help: "Where to write the Markdown checklist (default: <reports>/\(Files.markdown)).")
    }
    /// `--html <file>`.
    public static var html: Option<String> {
        Option("--html", value: "file", help: "Where to write the HTML report (default: <reports>/\(Files.html)).")
    }
    /// `--events <file>`.
    public static var events: Option<String> {
        Option("--events", value: "file", help: "Also write the JSON Lines event stream to this file.")
    }
    /// `--badge <file>`.
    public static var badge: Option<String> { BadgeOption.badge }
    /// `--quiet`, `-q`.
    public static var quiet: Flag { Flag("--quiet", short: "-q", help: "Print only failures and the totals.") }
    /// `--verbose`, `-v`.
    public static var verbose: Flag { Flag("--verbose", short: "-v", help: Files.verboseHelp) }

    public static var signature: CommandSignature {
        CommandSignature([level, reports, junit, markdown, html, events, badge, JUnitOptions.strict, quiet, verbose])
    }

    /// Which failures fail the run.
    public var gate: Gate
    /// Where the JUnit XML goes.
    public var junitFile: URL
    /// Where the Markdown checklist goes.
    public var markdownFile: URL
    /// Where the HTML report goes.
    public var htmlFile: URL
    /// Where the JSON Lines event stream goes, if anywhere.
    public var eventsFile: URL?
    /// Where the shields.io badge goes, if anywhere.
    public var badgeFile: URL?
    /// Whether the JUnit XML also passes the strict Ant schema.
    public var junitStrict: Bool
    /// How much the console prints (`--quiet` wins over `--verbose`).
    public var verbosity: ConsoleStyle.Verbosity

    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        gate = try arguments.value(Self.level) ?? .mustAndShould
        let reports = URL(fileURLWithPath: try arguments.value(Self.reports) ?? "reports")
        junitFile = try arguments.value(Self.junit).map { URL(fileURLWithPath: $0) } ?? reports.appendingPathComponent(Files.junit)
        markdownFile = try arguments.value(Self.markdown).map { URL(fileURLWithPath: $0) } ?? reports.appendingPathComponent(Files.markdown)
        htmlFile = try arguments.value(Self.html).map { URL(fileURLWithPath: $0) } ?? reports.appendingPathComponent(Files.html)
        eventsFile = try arguments.value(Self.events).map { URL(fileURLWithPath: $0) }
        badgeFile = try arguments.value(Self.badge).map { URL(fileURLWithPath: $0) }
        junitStrict = arguments.flag(JUnitOptions.strict)
        verbosity = arguments.flag(Self.quiet) ? .quiet : arguments.flag(Self.verbose) ? .verbose : .normal
    }

    /// Every file these options write, in the order they are named in messages.
    public var files: [URL] { [junitFile, markdownFile, htmlFile] + (eventsFile.map { [$0] } ?? []) + (badgeFile.map { [$0] } ?? []) }

    /// Checks, before anything runs, that every report file can be written (creating its directory):
    /// the first that cannot, with the path and the reason.
    public func prepareFiles() throws(AtomicFileWriter.WriteError) {
        for file in files { try AtomicFileWriter.prepare(file) }
    }

    /// The console's style on `output`.
    public func consoleStyle(output: TextOutput, environment: [String: String] = ProcessInfo.processInfo.environment) -> ConsoleStyle {
        ConsoleStyle(
            verbosity: verbosity, isTerminal: output.isTerminal, colors: ConsoleStyle.colorsEnabled(isTerminal: output.isTerminal, environment: environment))
    }

    /// The recorders these options ask for: console on `output` in `style`, JUnit XML, Markdown and
    /// HTML files, and JSON Lines when `--events` is given; `onError` hears of a file that could not be written.
    /// `markdownAppendix` gives what `summary.md` ends with (see ``MarkdownChecklistRecorder``).
    public func recorders(
        style: ConsoleStyle, output: TextOutput, markdownAppendix: @escaping @Sendable () -> String = { "" },
        onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError
    ) -> [any EventRecorder] {
        var recorders: [any EventRecorder] = [
            ConsoleRecorder(style: style, write: output.write),
            JUnitXMLRecorder(url: junitFile, options: JUnitReport.Options(strict: junitStrict), onError: onError),
            MarkdownChecklistRecorder(url: markdownFile, appendix: markdownAppendix, onError: onError),
            HTMLReportRecorder(url: htmlFile, onError: onError),
        ]
        if let eventsFile { recorders.append(JSONLinesRecorder(url: eventsFile, onError: onError)) }
        return recorders
    }

    /// The reports' destinations checked (exit 2 with the path and the reason when one cannot be
    /// written, before anything runs), then the recorders, ready to record.
    func session(
        output: TextOutput, gating: GatingInputs = GatingInputs(), more files: [URL] = [], recorders more: ReportSession.MoreRecorders = { _, _ in [] }
    ) throws(CommandFailure) -> ReportSession {
        do {
            try prepareFiles()
            for file in files { try AtomicFileWriter.prepare(file) }
        } catch {
            throw CommandFailure(
                status: .adapterOrHarnessError,
                message:
                    "error: \(error)\n  fix: give '--reports' a directory (or '--junit', '--markdown', '--html', '--events', '--badge' files) that can be written; nothing was run"
            )
        }
        return ReportSession(options: self, output: output, gating: gating, more: more)
    }
}
