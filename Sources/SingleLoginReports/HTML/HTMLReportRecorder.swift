import Foundation
import SingleLoginAdapter
import SingleLoginEvents

/// Writes `report.html`, the run as one self-contained page (see ``HTMLReport``), atomically when
/// the run ends (also when it is interrupted).
public final class HTMLReportRecorder: StatusRestatingRecorder {
    /// Where the page goes.
    public let url: URL
    private let onError: @Sendable (any Error) -> Void
    private let waiverLines: @Sendable () -> [String]
    private let state = Locked(RunRecord())
    /// The header of the page written, to state another exit status (``rewrite(unwritten:status:reason:)``).
    private let written = Locked<HTMLReport?>(nil)

    /// Creates a recorder writing to `url`; `onError` hears about a file that could not be written;
    /// `waiverLines` gives, when the run ends, what the waivers did (``HTMLReport/waiverLines``).
    public init(
        url: URL, waiverLines: @escaping @Sendable () -> [String] = { [] }, onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError
    ) {
        self.url = url
        self.waiverLines = waiverLines
        self.onError = onError
    }

    /// Takes one event; on `runEnded` renders and writes the page.
    public func record(_ event: Event) {
        // The report is made under the lock and the record emptied there, so that only the
        // report's copy of a large run's results outlives it while the page is rendered.
        let report: HTMLReport? = state.withLock { record in
            guard record.take(event) else { return nil }
            let report = HTMLReport(record, waiverLines: waiverLines())
            record = RunRecord()
            return report
        }
        guard let report else { return }
        do {
            // The page's own bytes go to the file: no copy of a large run's page beside it.
            var page = report.render()
            try AtomicFileWriter.write(to: url) { emit in
                try page.withUTF8 { try emit(UnsafeRawBufferPointer($0)) }
            }
            written.withLock { $0 = report.headerOnly() }
        } catch {
            onError(error)
        }
    }

    /// Writes the title and header of the page written again, saying that the reports at
    /// `unwritten` could not be written and that the exit status is therefore 2; or, with `status`
    /// and why, `reason`, the status the command exits with where it is not the requirements' own
    /// (`--fail-on regressions`). The rest of the page, every verdict, stays as it was.
    ///
    /// A command calls it, as it calls ``MarkdownChecklistRecorder/rewrite(unwritten:status:reason:)``,
    /// so that the page never states an exit status the process did not exit with. The page is read
    /// back from its file, so a destination that is not a regular file (`/dev/null`, a FIFO, a
    /// standard stream) keeps the page it took. Throws when the file cannot be read or written.
    public func rewrite(unwritten: [String], status: ExitStatus? = nil, reason: String? = nil) throws {
        guard var header = written.withLock({ $0 }), AtomicFileWriter.holdsRegularFile(url) else { return }
        header.unwritten = unwritten
        if let status, let reason { header.statedStatus = (status, reason) }
        let page: String
        do { page = try String(contentsOf: url, encoding: .utf8) } catch {
            throw AtomicFileWriter.WriteError(path: url.path, reason: "cannot read it back to restate its exit status: \(error.localizedDescription)")
        }
        guard let start = page.range(of: "<title>"), let end = page.range(of: "</header>\n", range: start.upperBound..<page.endIndex) else {
            throw AtomicFileWriter.WriteError(path: url.path, reason: "it no longer holds the page this run wrote")
        }
        var top = ""
        header.top(into: &top)
        var restated = page
        restated.replaceSubrange(start.lowerBound..<end.upperBound, with: top)
        try AtomicFileWriter.write(Data(restated.utf8), to: url)
    }
}
