import CommandLineKit
import Foundation
import Synchronization
import SingleLoginEvents
import SingleLoginReports
import SingleLoginTransport

/// The recorders of one reporting command (`run`, `preflight`) and what became of their files.
///
/// The command, not a recorder, prints the console's last line and decides the exit status,
/// after every recorder has written its file: a report that could not be written makes the
/// status 2 and the last line says which, so nothing says PASSED without its reports. With a
/// baseline it also compares the run's test cases with it (for the console, `summary.md` and
/// `--fail-on regressions`), and writes the `--badge`.
final class ReportSession: Sendable {
    /// The console and the file recorders, in the order they receive events.
    let recorders: [any EventRecorder]
    private let style: ConsoleStyle
    private let output: TextOutput
    private let gating: GatingInputs
    private let badgeFile: URL?
    private let failures = WriteFailures()
    private let state: State

    /// The reports that could not be written, as the recorders report them (from any task), and
    /// the evidence bundles not written because the run was incomplete: a refusal, not a failure to
    /// write, which the run's own status (2) already explains.
    private final class WriteFailures: Sendable {
        let list = Mutex<[AtomicFileWriter.WriteError]>([])
        let refused = Mutex<[EvidenceBundleRecorder.IncompleteRun]>([])

        /// Keeps `error`, which writing the file at `path` threw, as a file not written.
        func add(_ error: any Error, writing path: String) {
            list.withLock { $0.append(error as? AtomicFileWriter.WriteError ?? AtomicFileWriter.WriteError(path: path, reason: "\(error)")) }
        }
    }

    /// What the session learns from the events, shared with the Markdown appendix.
    private final class State: Sendable {
        let context = Mutex<RunContext?>(nil)
        /// How many test cases the run skipped (the last line of a pass says so).
        let skipped = Mutex(0)
        /// The requirements with test cases the adapter could not play, in the order they ended
        /// (the last line names them).
        let untested = Mutex<[String]>([])
        /// Each requirement's result as the reports saw them, for the badge.
        let requirements = Mutex<[RequirementResult]>([])
        /// The totals as the reports saw them (waivers applied).
        let summary = Mutex<RunSummary?>(nil)
        /// The run's verdicts, only when there is a baseline to compare them with.
        let verdicts = Mutex<[CaseVerdicts.Entry]>([])
        /// The test cases that ran more than once, with their attempts.
        let retried = Mutex(RetriedCases())
        let baseline: GatingInputs.Baseline?
        let waivers: WaiverStage?

        let otherShards: Set<TestCaseID>

        init(baseline: GatingInputs.Baseline?, waivers: WaiverStage?, otherShards: Set<TestCaseID> = []) {
            self.baseline = baseline
            self.waivers = waivers
            self.otherShards = otherShards
        }

        /// What `summary.md` ends with: the waivers' effects, then the comparison with the baseline.
        var markdownAppendix: String {
            var out = retried.withLock { $0.markdown }
            if let waivers { out += waivers.markdown }
            if let comparison, let baseline { out += comparison.markdown(baselineName: baseline.name) }
            return out
        }

        /// The comparison with the baseline, when there is one.
        var comparison: BaselineComparison? {
            baseline.map { BaselineComparison(baseline: $0.verdicts.excluding(otherShards), current: CaseVerdicts(verdicts.withLock { $0 })) }
        }
    }

    /// Makes a command's own recorders (such as `run --bundle`'s), given how to report a file that
    /// could not be written and what `summary.md` ends with (its waivers, a baseline's comparison).
    typealias MoreRecorders = (_ onError: @escaping @Sendable (any Error) -> Void, _ markdownAppendix: @escaping @Sendable () -> String) -> [any EventRecorder]

    /// Creates the recorders `options` ask for, printing on `output`, and those `more` makes (a
    /// command's own outputs, such as `run --bundle`), which report failures the same way.
    init<Files: ReportFiles>(
        options: ReportOptions<Files>, output: TextOutput, gating: GatingInputs = GatingInputs(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        more: MoreRecorders = { _, _ in [] }
    ) {
        var style = options.consoleStyle(output: output, environment: environment)
        style.printsResult = false
        self.style = style
        self.output = output
        self.gating = gating
        badgeFile = options.badgeFile
        let failures = self.failures
        let state = State(baseline: gating.baseline, waivers: gating.waivers, otherShards: gating.otherShards)
        self.state = state
        let onError: @Sendable (any Error) -> Void = { error in
            if let refused = error as? EvidenceBundleRecorder.IncompleteRun {
                failures.refused.withLock { $0.append(refused) }
                return
            }
            failures.add(error, writing: "a report")
        }
        recorders =
            options.recorders(
                style: style, output: output, markdownAppendix: { state.markdownAppendix }, waiverLines: { state.waivers?.lines ?? [] }, onError: onError)
            + more(onError, { state.markdownAppendix })
    }

    /// Passes one event to every recorder (as the waivers rewrite it).
    func record(_ event: Event) {
        let event = state.waivers?.rewrite(event) ?? event
        switch event.kind {
        case let .runStarted(context, _): state.context.withLock { $0 = context }
        case let .testCaseEnded(result):
            state.retried.withLock { $0.add(result) }
            if result.outcome.untestedReason != nil {
                state.untested.withLock { if !$0.contains(result.requirement.id) { $0.append(result.requirement.id) } }
            }
            guard state.baseline != nil else { break }
            let gate = state.context.withLock { $0?.gate } ?? .mustAndShould
            state.verdicts.withLock { $0 += CaseVerdicts(results: [result], gate: gate).entries }
        case let .requirementEnded(result) where badgeFile != nil:
            state.requirements.withLock { $0.append(result) }
        case let .runEnded(summary):
            state.skipped.withLock { $0 = summary.skipped }
            state.summary.withLock { $0 = summary }
        default: break
        }
        for recorder in recorders { recorder.record(event) }
    }

    /// The exit status of a run that ended with `summary` under `gate`: its failures', or with
    /// `--fail-on regressions` its regressions' (an interrupted run still exits 2: it compared nothing).
    /// The totals are the reports' (waivers applied) once the run has ended.
    func status(summary: RunSummary, gate: Gate) -> ExitStatus {
        let summary = state.summary.withLock { $0 } ?? summary
        let status = ExitStatus(summary: summary, gate: gate)
        guard gating.failOn == .regressions, let comparison = state.comparison, !summary.interrupted else { return status }
        return comparison.hasRegressions ? .requirementFailures : .passed
    }

    /// Writes `summary.md` and the header of `report.html` again when another report could not be
    /// written, so that they say exit status 2 as the process does (a failure to do so is one more
    /// report not written).
    /// So too when `--fail-on regressions` makes `status` another than the requirements' own, with
    /// `reason` (its regressions against the baseline).
    private func restateStatus(_ status: ExitStatus, reason: String?) {
        let failed = failures.list.withLock { $0 }
        let own = state.summary.withLock { $0 }.flatMap { summary in state.context.withLock { $0 }.map { ExitStatus(summary: summary, gate: $0.gate) } }
        guard !failed.isEmpty || (reason != nil && own != nil && own != status) else { return }
        for case let report as any StatusRestatingRecorder in recorders {
            // A restatement that failed is one more report not written, for the next to name.
            let failed = failures.list.withLock { $0 }
            guard !failed.contains(where: { $0.path == report.url.path }) else { continue }
            do { try report.rewrite(unwritten: failed.map(\.path), status: status, reason: reason) } catch {
                failures.add(error, writing: report.url.path)
            }
        }
    }

    /// The last line's words for failures that are not the app's checks failing: flaky cases (failed,
    /// then passed, without `--accept-flaky`) and waived cases that passed (`--strict-waivers`); nil
    /// when there are none, and the line says `requirement failures`.
    private func failuresOfTheGate() -> String? {
        let flaky = state.retried.withLock { $0.flakyFailures }
        let unexpected = state.waivers?.unexpectedPassFailures ?? 0
        guard flaky + unexpected > 0 else { return nil }
        let gate = state.context.withLock { $0?.gate } ?? .mustAndShould
        let failing = state.summary.withLock { $0?.failures(under: gate) } ?? 0
        func cases(_ count: Int) -> String { "\(count) test case\(count == 1 ? "" : "s")" }
        var parts: [String] = []
        if flaky > 0 { parts.append("\(cases(flaky)) flaky (failed, then passed: --accept-flaky accepts them)") }
        if unexpected > 0 { parts.append("\(cases(unexpected)) waived but passing (--strict-waivers: remove their waivers)") }
        let others = failing - flaky - unexpected
        // A flaky SHOULD case under --level must warns: then the counts do not add up, and the line stays plain.
        guard others >= 0 else { return nil }
        return "requirement failures: " + (others > 0 ? "\(cases(others)) failed, " : "") + parts.joined(separator: ", ")
    }

    /// Prints the comparison with the baseline (if any), every report that could not be written and
    /// the `Result:` line; returns the exit status.
    ///
    /// A report that could not be written makes the status 2: the badge (written last) shows it,
    /// and `summary.md` and `report.html`'s header, written when the run ended, are written again to say so.
    func finish(_ status: ExitStatus) -> Int32 {
        finish(status, wireLog: nil, path: nil)
    }

    /// ``finish(_:)`` for a run that kept a `--wire-log` at `path`: a log that stopped taking lines
    /// is an output not written, as a report is (exit 2, named on the last line).
    func finish(_ status: ExitStatus, wireLog: WireLog?, path: String?) -> Int32 {
        if let reason = wireLog?.failure, let path {
            failures.add(AtomicFileWriter.WriteError(path: path, reason: reason), writing: path)
        }
        if let badgeFile, let context = state.context.withLock({ $0 }) {
            let written = failures.list.withLock { $0.isEmpty } ? status : .adapterOrHarnessError
            let badge = ShieldsBadge(
                context: context, requirements: state.requirements.withLock { $0 }, status: written, waived: state.waivers?.waivedRequirements ?? [])
            do { try AtomicFileWriter.write(badge.json, to: badgeFile) } catch { failures.add(error, writing: badgeFile.path) }
        }
        let comparison = state.comparison
        var meaning: String?
        if gating.failOn == .regressions, let comparison, status == .passed || status == .requirementFailures {
            let regressions = comparison.regressions.count
            meaning = regressions == 0 ? "no regressions against the baseline" : "\(regressions) regression\(regressions == 1 ? "" : "s") against the baseline"
        }
        restateStatus(status, reason: meaning.map { "--fail-on regressions: \($0)" })
        if meaning == nil, status == .requirementFailures {
            let gate = state.context.withLock { $0?.gate } ?? .mustAndShould
            meaning = failuresOfTheGate() ?? state.summary.withLock { $0 }.flatMap { ConsoleRecorder.notJudgedOnly($0, gate: gate) }
        }
        let failed = failures.list.withLock { $0 }
        let retried = state.retried.withLock { $0.consoleText }
        if !retried.isEmpty { output.write(retried) }
        if let waivers = state.waivers, !waivers.effects.isEmpty {
            output.write("\nWaivers:\n" + waivers.lines.map { "  \(PlainText.clean($0))\n" }.joined())
        }
        if let comparison, let baseline = state.baseline { output.write("\n" + comparison.consoleText(baselineName: baseline.name)) }
        for failure in failed {
            output.err("error: \(failure)\n  fix: make it writable (room on the disk, a directory that takes files), or name another path, and run again")
        }
        for refused in failures.refused.withLock({ $0 }) { output.err("error: the evidence bundle \(refused.path) was \(refused)") }
        output.write(
            ConsoleRecorder.resultLine(
                status, context: state.context.withLock { $0 }, style: style, unwritten: failed.map(\.path), skipped: state.skipped.withLock { $0 },
                meaning: meaning, waivers: state.waivers?.waivedRequirements ?? [], untested: state.untested.withLock { $0 }))
        return failed.isEmpty ? status.rawValue : ExitStatus.adapterOrHarnessError.rawValue
    }
}
