import Foundation
import Synchronization
import SingleLoginEvents

/// Writes `report.html`, the run as one self-contained page (see ``HTMLReport``), atomically when
/// the run ends (also when it is interrupted).
public final class HTMLReportRecorder: EventRecorder {
    /// Where the page goes.
    public let url: URL
    private let onError: @Sendable (any Error) -> Void
    private let state = Mutex(RunRecord())

    /// Creates a recorder writing to `url`; `onError` hears about a file that could not be written.
    public init(url: URL, onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError) {
        self.url = url
        self.onError = onError
    }

    /// Takes one event; on `runEnded` renders and writes the page.
    public func record(_ event: Event) {
        let finished: RunRecord? = state.withLock { record in
            guard record.take(event) else { return nil }
            // The record is done with: hand it over rather than copy a whole run's results.
            let taken = record
            record = RunRecord()
            return taken
        }
        guard let finished else { return }
        do {
            try AtomicFileWriter.write(Data(HTMLReport(finished).render().utf8), to: url)
        } catch {
            onError(error)
        }
    }
}
