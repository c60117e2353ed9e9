import Foundation
import SingleLoginAdapter
import SingleLoginEvents

/// Writes `report.html`, the run as one self-contained page (see ``HTMLReport``), atomically when
/// the run ends (also when it is interrupted).
public final class HTMLReportRecorder: EventRecorder {
    /// Where the page goes.
    public let url: URL
    private let onError: @Sendable (any Error) -> Void
    private let state = Locked(RunRecord())

    /// Creates a recorder writing to `url`; `onError` hears about a file that could not be written.
    public init(url: URL, onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError) {
        self.url = url
        self.onError = onError
    }

    /// Takes one event; on `runEnded` renders and writes the page.
    public func record(_ event: Event) {
        // The report is made under the lock and the record emptied there, so that only the
        // report's copy of a large run's results outlives it while the page is rendered.
        let report: HTMLReport? = state.withLock { record in
            guard record.take(event) else { return nil }
            let report = HTMLReport(record)
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
        } catch {
            onError(error)
        }
    }
}
