import Foundation
import SingleLoginAdapter
import SingleLoginEvents

/// Writes a JUnit XML report that Jenkins, GitLab, GitHub reporters, Azure DevOps and CircleCI read.
///
/// One `<testsuite>` per requirement (its ID, level, title, tags, spec location and verdict as
/// properties; the run's properties on the first suite); one `<testcase>` per requirement
/// scenario, with classname `<spec-id>.<REQUIREMENT-ID>` and name `<scenario name>`. Each test
/// case is rendered when it ends (a spool beside the report holds it, and a warned case's
/// evidence for its suite's `<system-err>`), so memory stays flat in long runs: only a few
/// hundred bytes per requirement wait for the end, when the counts and properties are known.
/// The file is written atomically when the run ends (also an interrupted run), so it is always
/// complete, byte for byte what ``render(results:context:duration:steps:options:)`` gives.
/// See docs/reports.md.
public final class JUnitXMLRecorder: EventRecorder {
    /// Where the report goes.
    public let url: URL
    /// How it is rendered.
    public let options: JUnitReport.Options
    private let onError: @Sendable (any Error) -> Void
    private let state: Locked<JUnitStream>

    /// Creates a recorder writing to `url`; `onError` hears about a file that could not be written.
    public init(url: URL, options: JUnitReport.Options = .init(), onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError) {
        self.url = url
        self.options = options
        self.onError = onError
        state = Locked(JUnitStream(options: options, url: url))
    }

    /// Takes one event: a finished test case is rendered at once; on `runEnded` the report is written.
    public func record(_ event: Event) {
        let failure: (any Error)? = state.withLock { stream in
            guard stream.take(event) else { return nil }
            do {
                try stream.write(to: url)
                return nil
            } catch {
                return error
            }
        }
        if let failure { onError(failure) }
    }

    /// Renders results and their context to JUnit XML bytes: the whole job of this recorder, callable directly.
    public static func render(
        results: [TestCaseResult], context: RunContext, duration: Double? = nil, steps: [TestCaseID: [Int: String]] = [:],
        options: JUnitReport.Options = .init()
    ) -> Data {
        JUnitReport(results: results, context: context, duration: duration, steps: steps, maxBytesPerCase: options.maxBytesPerCase).render(
            strict: options.strict)
    }
}
