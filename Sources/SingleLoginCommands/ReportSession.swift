import CommandLineKit
import Foundation
import Synchronization
import SingleLoginEvents
import SingleLoginReports

/// The recorders of one reporting command (`run`, `preflight`) and what became of their files.
///
/// The command, not a recorder, prints the console's last line and decides the exit status,
/// after every recorder has written its file: a report that could not be written makes the
/// status 2 and the last line says which, so nothing says PASSED without its reports.
final class ReportSession: Sendable {
    /// The console and the file recorders, in the order they receive events.
    let recorders: [any EventRecorder]
    private let style: ConsoleStyle
    private let output: TextOutput
    private let failures = WriteFailures()
    private let context = Mutex<RunContext?>(nil)
    /// How many test cases the run skipped (the last line of a pass says so).
    private let skipped = Mutex(0)

    /// The reports that could not be written, as the recorders report them (from any task).
    private final class WriteFailures: Sendable {
        let list = Mutex<[AtomicFileWriter.WriteError]>([])
    }

    /// Creates the recorders `options` ask for, printing on `output`, and those `more` makes (a
    /// command's own outputs, such as `run --bundle`), which report failures the same way.
    init<Files: ReportFiles>(options: ReportOptions<Files>, output: TextOutput, environment: [String: String] = ProcessInfo.processInfo.environment,
                             more: (@escaping @Sendable (any Error) -> Void) -> [any EventRecorder] = { _ in [] }) {
        var style = options.consoleStyle(output: output, environment: environment)
        style.printsResult = false
        self.style = style
        self.output = output
        let failures = self.failures
        let onError: @Sendable (any Error) -> Void = { error in
            failures.list.withLock { $0.append(error as? AtomicFileWriter.WriteError ?? AtomicFileWriter.WriteError(path: (error as? EvidenceBundleRecorder.IncompleteRun)?.path ?? "a report", reason: "\(error)")) }
        }
        recorders = options.recorders(style: style, output: output, onError: onError) + more(onError)
    }

    /// Passes one event to every recorder.
    func record(_ event: Event) {
        switch event.kind {
        case let .runStarted(context, _): self.context.withLock { $0 = context }
        case let .runEnded(summary): skipped.withLock { $0 = summary.skipped }
        default: break
        }
        for recorder in recorders { recorder.record(event) }
    }

    /// Prints every report that could not be written and the `Result:` line; returns the exit status.
    func finish(_ status: ExitStatus) -> Int32 {
        let failed = failures.list.withLock { $0 }
        for failure in failed { output.err("error: \(failure)") }
        output.write(ConsoleRecorder.resultLine(status, context: context.withLock { $0 }, style: style, unwritten: failed.map(\.path), skipped: skipped.withLock { $0 }))
        return failed.isEmpty ? status.rawValue : ExitStatus.adapterOrHarnessError.rawValue
    }
}
