import Foundation
import Synchronization
import SingleLoginEvents

/// Writes a JUnit XML report that Jenkins, GitLab, GitHub reporters, Azure DevOps and CircleCI read.
///
/// One `<testsuite>` per spec; one `<testcase>` per requirement scenario, with classname
/// `<spec-id>.<REQUIREMENT-ID>` and name `<scenario name>`. The file is written atomically when
/// the run ends (also an interrupted run), so it is always complete. See docs/reports.md.
public final class JUnitXMLRecorder: EventRecorder {
    /// Where the report goes.
    public let url: URL
    /// How it is rendered.
    public let options: JUnitReport.Options
    private let onError: @Sendable (any Error) -> Void
    private let state = Mutex(RunRecord())

    /// Creates a recorder writing to `url`; `onError` hears about a file that could not be written.
    public init(url: URL, options: JUnitReport.Options = .init(), onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError) {
        self.url = url
        self.options = options
        self.onError = onError
    }

    /// Takes one event; on `runEnded` renders and writes the report.
    public func record(_ event: Event) {
        let finished: RunRecord? = state.withLock { record in
            record.take(event) ? record : nil
        }
        guard let finished else { return }
        let report = JUnitReport(results: finished.orderedResults, context: finished.effectiveContext, duration: finished.summary?.duration, steps: finished.steps, maxBytesPerCase: options.maxBytesPerCase)
        do {
            try AtomicFileWriter.write(report.renderBytes(strict: options.strict), to: url)
        } catch {
            onError(error)
        }
    }

    /// Renders results and their context to JUnit XML bytes: the whole job of this recorder, callable directly.
    public static func render(results: [TestCaseResult], context: RunContext, duration: Double? = nil, steps: [TestCaseID: [Int: String]] = [:], options: JUnitReport.Options = .init()) -> Data {
        JUnitReport(results: results, context: context, duration: duration, steps: steps, maxBytesPerCase: options.maxBytesPerCase).render(strict: options.strict)
    }
}
