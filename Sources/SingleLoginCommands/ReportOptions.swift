import CommandLineKit
import Foundation
import SingleLoginEvents
import SingleLoginReports

/// The report options of every command that reports a run (`run`, `preflight`): the gate, where
/// the files go, the event stream, and how much the console prints.
///
/// `--level`, `--reports`, `--junit`, `--markdown`, `--html`, `--events`, `--junit-strict`, `--quiet`,
/// `--verbose`, defined once; `Files` names the command's default files.
package struct ReportOptions<Files: ReportFiles>: OptionGroup {
    /// `--level must|should`: which failures fail the run.
    package static var level: Option<Gate> { LevelOption.level }
    /// `--reports <dir>`.
    package static var reports: Option<String> {
        Option("--reports", value: "dir", default: "reports", help: "Directory for \(Files.junit), \(Files.markdown) and \(Files.html).")
    }
    /// `--junit <file>`.
    package static var junit: Option<String> {
        Option("--junit", value: "file", help: "Where to write JUnit XML (default: <reports>/\(Files.junit)).")
    }
    /// `--markdown <file>`.
    package static var markdown: Option<String> {
        Option("--markdown", value: "file", help: "Where to write the Markdown checklist (default: <reports>/\(Files.markdown)).")
    }
    /// `--html <file>`.
    package static var html: Option<String> {
        Option("--html", value: "file", help: "Where to write the HTML report (default: <reports>/\(Files.html)).")
    }
    /// `--events <file>`.
    package static var events: Option<String> {
        Option("--events", value: "file", help: "Also write the JSON Lines event stream to this file.")
    }
    /// `--badge <file>`.
    package static var badge: Option<String> { BadgeOption.badge }
    /// `--quiet`, `-q`.
    package static var quiet: Flag { Flag("--quiet", short: "-q", help: "Print only failures and the totals.") }
    /// `--verbose`, `-v`.
    package static var verbose: Flag { Flag("--verbose", short: "-v", help: Files.verboseHelp) }

    package static var signature: CommandSignature {
        CommandSignature([level, reports, junit, markdown, html, events, badge, JUnitOptions.strict, quiet, verbose])
    }

    /// Which failures fail the run.
    package var gate: Gate
    /// Where the JUnit XML goes.
    package var junitFile: URL
    /// Where the Markdown checklist goes.
    package var markdownFile: URL
    /// Where the HTML report goes.
    package var htmlFile: URL
    /// Where the JSON Lines event stream goes, if anywhere.
    package var eventsFile: URL?
    /// Where the shields.io badge goes, if anywhere.
    package var badgeFile: URL?
    /// Whether the JUnit XML also passes the strict Ant schema.
    package var junitStrict: Bool
    /// How much the console prints (`--quiet` wins over `--verbose`).
    package var verbosity: ConsoleStyle.Verbosity

    package init(parsing arguments: ParsedArguments) throws(UsageError) {
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
    package var files: [URL] { [junitFile, markdownFile, htmlFile] + (eventsFile.map { [$0] } ?? []) + (badgeFile.map { [$0] } ?? []) }

    /// The console's style on `output`.
    package func consoleStyle(output: TextOutput, environment: [String: String] = ProcessInfo.processInfo.environment) -> ConsoleStyle {
        ConsoleStyle(
            verbosity: verbosity, isTerminal: output.isTerminal, colors: ConsoleStyle.colorsEnabled(isTerminal: output.isTerminal, environment: environment))
    }

    /// The exit status of `body`; when it ends before a run started because an input is invalid
    /// (65: the spec, a waiver file, a baseline, a key) or missing (66), the reports at these
    /// options' paths are replaced by ones that say so (``RunNotStarted``), so that an earlier run's
    /// passing reports are never read as this one's. That is what goes wrong in CI after a run
    /// passed: a file the job reads changed. A usage error (64) writes nothing: the command line
    /// is wrong, maybe about these very paths; nor does a command that only lists (`unless`).
    package func replacingReportsIfNotStarted(
        command: String, unless listsOnly: Bool = false, output: TextOutput, _ body: () async throws(UsageError) -> Int32
    ) async throws(UsageError) -> Int32 {
        let status = try await body()
        if !listsOnly, let ended = ExitStatus(rawValue: status), ended == .invalidSpec || ended == .noInput {
            replaceWithNotStarted(command: command, status: ended, output: output)
        }
        return status
    }

    private func replaceWithNotStarted(command: String, status: ExitStatus, output: TextOutput) {
        do { try RunNotStarted.write(command: command, status: status, junit: junitFile, markdown: markdownFile, html: htmlFile) } catch {
            output.err("warning: \(error) (an earlier run's reports may be left there)")
        }
    }

    /// The recorders these options ask for: console on `output` in `style`, JUnit XML, Markdown and
    /// HTML files, and JSON Lines when `--events` is given; `onError` hears of a file that could not be written.
    /// `markdownAppendix` gives what `summary.md` ends with (see ``MarkdownChecklistRecorder``), and
    /// `waiverLines` what the waivers did, which `report.html` lists.
    package func recorders(
        style: ConsoleStyle, output: TextOutput, markdownAppendix: @escaping @Sendable () -> String = { "" },
        waiverLines: @escaping @Sendable () -> [String] = { [] },
        onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError
    ) -> [any EventRecorder] {
        var recorders: [any EventRecorder] = [
            ConsoleRecorder(style: style, write: output.write),
            JUnitXMLRecorder(url: junitFile, options: JUnitReport.Options(strict: junitStrict), onError: onError),
            MarkdownChecklistRecorder(url: markdownFile, appendix: markdownAppendix, onError: onError),
            HTMLReportRecorder(url: htmlFile, waiverLines: waiverLines, onError: onError),
        ]
        if let eventsFile { recorders.append(JSONLinesRecorder(url: eventsFile, onError: onError)) }
        return recorders
    }

    /// The reports' destinations checked (exit 2 with the path and the reason when one cannot be
    /// written, before anything runs), then the recorders, ready to record.
    /// `more` lists the files the command writes besides its reports, `naming` the command's
    /// options that name them (`--bundle`, `--wire-log`), for the fix.
    func session(
        output: TextOutput, gating: GatingInputs = GatingInputs(), more files: [URL] = [], naming fileOptions: [String] = [],
        recorders more: ReportSession.MoreRecorders = { _, _ in [] }
    ) throws(CommandFailure) -> ReportSession {
        try prepare(more: files, naming: fileOptions)
        return ReportSession(options: self, output: output, gating: gating, more: more)
    }

    /// Checks, before anything runs, every file the command writes: the reports and `more` (named
    /// by the options `naming`). Two outputs on one file are a usage error (64), the second written
    /// would replace the first without a word; one that cannot be written is exit 2, with the path,
    /// the reason and the fix.
    func prepare(more files: [URL] = [], naming fileOptions: [String] = []) throws(CommandFailure) {
        // A stream or a device (`/dev/null`, `/dev/stdout`) takes one output after the other, as `>>` does.
        var seen = Set<String>()
        for file in self.files + files where !Self.isStream(file) && !seen.insert(FileIdentity(file).key).inserted {
            throw CommandFailure(
                status: .usage,
                message: "error: \(file.path) is named for two outputs: one would overwrite the other\n  fix: give each report and file its own path")
        }
        do {
            for file in self.files + files { try AtomicFileWriter.prepare(file) }
        } catch {
            throw Self.cannotWrite(error, naming: fileOptions)
        }
    }

    /// Whether `file` is a device's or a stream's path (`/dev/...`, or a FIFO or device already there).
    static func isStream(_ file: URL) -> Bool {
        if file.standardizedFileURL.path.hasPrefix("/dev/") { return true }
        guard let type = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType else { return false }
        return type == .typeCharacterSpecial || type == .typeBlockSpecial || type == .typeSocket || type.rawValue == "NSFileTypeFIFO" || type == .typeUnknown
    }

    /// Exit 2 for a destination that cannot be written, before anything runs: the path, the reason,
    /// and a fix naming the report options and the command's own `fileOptions`.
    private static func cannotWrite(_ error: AtomicFileWriter.WriteError, naming fileOptions: [String]) -> CommandFailure {
        let options = (["--junit", "--markdown", "--html", "--events", "--badge"] + fileOptions).map { "'\($0)'" }.joined(separator: ", ")
        return CommandFailure(
            status: .adapterOrHarnessError,
            message: "error: \(error)\n  fix: give '--reports' a directory (or \(options) files) that can be written; nothing was run")
    }
}
