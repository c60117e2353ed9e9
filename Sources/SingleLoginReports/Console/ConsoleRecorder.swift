import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Prints a run for people: live progress, a line per requirement, then failures as short diffs.
///
/// On a terminal a transient "running…" line shows the test case in progress. Without a
/// terminal the output is plain text with no escape sequences at all. Text from the adapter
/// (messages, transcripts, logs) is cleaned of ANSI escapes and control characters.
public final class ConsoleRecorder: EventRecorder {
    /// How it prints.
    public let style: ConsoleStyle
    private let write: @Sendable (String) -> Void
    private let state = Locked(State())

    private struct State {
        var record = RunRecord()
        /// The planned requirements, in plan order.
        var requirementOrder: [String] = []
        /// Planned requirements whose line has not been printed yet.
        var unprinted: Set<String> = []
        /// Each requirement's finished test cases, in the order they ended.
        var finished: [String: [TestCaseResult]] = [:]
        var idWidth = 0
        var transientShown = false
        /// Test cases not run because the run gave up on its adapter, whose requirement lines are
        /// left out (the summary says why once, and counts them).
        var notRunUnavailable = 0
    }

    /// Creates a recorder writing text to `write` (see ``standardOutput``).
    public init(style: ConsoleStyle = .init(), write: @escaping @Sendable (String) -> Void) {
        self.style = style
        self.write = write
    }

    /// Writes text to the process's standard output.
    public static let standardOutput: @Sendable (String) -> Void = { text in
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Takes one event and prints what it means.
    public func record(_ event: Event) {
        let text = state.withLock { state in render(event, in: &state) }
        if !text.isEmpty { write(text) }
    }

    private func render(_ event: Event, in state: inout State) -> String {
        let ended = state.record.take(event)
        var out = ""
        if state.transientShown, !(event.kind.isQuietForProgress) {
            out += "\r\u{1B}[2K"
            state.transientShown = false
        }
        switch event.kind {
        case let .runStarted(context, plan):
            for planned in plan {
                let id = planned.id.requirementID
                if state.unprinted.insert(id).inserted { state.requirementOrder.append(id) }
                state.idWidth = max(state.idWidth, id.count)
            }
            if context.referenceApp {
                // Even when quiet: a run that tests nothing of the user's must say so first.
                out += style.paint("Testing \(context.referenceAppText): \(context.testYoursHint).", "1;33") + "\n"
            }
            if style.verbosity != .quiet {
                let cases = plan.count
                let origin = context.specOrigin.map { ", \(PlainText.clean($0))" } ?? ""
                out +=
                    "Running \(PlainText.clean(context.specTitle)) (\(context.specID) \(context.specVersion)\(origin)): \(state.requirementOrder.count) requirement\(state.requirementOrder.count == 1 ? "" : "s"), \(cases) test case\(cases == 1 ? "" : "s")\n"
                if let adapter = context.adapter { out += Self.adapterLine(adapter) }
            }
            if let shard = context.shard {
                // Even when quiet: a shard's pass covers its own test cases only.
                out +=
                    "This is \(shard) of a split run: its reports cover \(shard.coverage(ofTestCases: plan.count)); join the shards' reports with 'sl-conformance merge'.\n"
            }
        case let .adapterIdentified(adapter):
            if style.verbosity != .quiet { out += Self.adapterLine(adapter) }
        case let .testCaseStarted(id):
            if style.isTerminal, style.verbosity != .quiet {
                out += style.paint("  running \(PlainText.clean(id.description))…", "2")
                state.transientShown = true
            }
        case let .testCaseEnded(result):
            state.finished[result.id.requirementID, default: []].append(result)
        case let .requirementEnded(result):
            out += line(for: result, in: &state)
        case .runEnded:
            break
        case .stepPerformed, .adapterUnavailable, .brokerCalled, .observed, .issueRecorded, .requirementStarted:
            break
        }
        if ended {
            // Requirements that never ended (an interrupted run) still get their line, with the
            // test cases that did not finish completed as not run.
            let results = state.record.orderedResults
            let unended = state.record.orderedRequirementResults.filter { state.unprinted.contains($0.requirement.id) }
            if !unended.isEmpty {
                let byRequirement = Dictionary(grouping: results, by: \.id.requirementID)
                for requirement in unended {
                    state.finished[requirement.requirement.id] = byRequirement[requirement.requirement.id] ?? []
                    out += line(for: requirement, in: &state)
                }
            }
            out += summary(
                results: results, summary: state.record.summary ?? state.record.effectiveSummary, gate: state.record.gate,
                context: state.record.effectiveContext, steps: state.record.steps,
                unavailable: state.record.unavailability.map { ($0, state.notRunUnavailable) }, surfaces: state.record.surfaces.findings)
        }
        return out
    }

    /// The line of a planned requirement, once; nothing for one the plan did not hold, or when quiet.
    private func line(for result: RequirementResult, in state: inout State) -> String {
        guard state.unprinted.remove(result.requirement.id) != nil else { return "" }
        let results = state.finished[result.requirement.id] ?? []
        if state.record.unavailability != nil {
            // Its test cases not run because the adapter never started are counted in the one error that says
            // why, also those of the requirement whose first cases were the failed starts.
            state.notRunUnavailable += results.filter { if case .notRun = $0.outcome { true } else { false } }.count
            // Every test case of it was not run: no line of its own.
            if case .notRun = result.verdict { return "" }
        }
        guard style.verbosity != .quiet else { return "" }
        return requirementLine(result, results: results, gate: state.record.gate, idWidth: state.idWidth, steps: state.record.steps)
    }

    private static func adapterLine(_ adapter: AdapterIdentity) -> String {
        "Adapter \(PlainText.clean(adapter.adapterName)) \(PlainText.clean(adapter.adapterVersion)); app \(PlainText.clean(adapter.appName)) \(PlainText.clean(adapter.appVersion)) (\(PlainText.clean(adapter.bundleId))), MSAL \(PlainText.clean(adapter.msalVersion))\n"
    }

    /// `PASS  SL-LOGIN-1  MUST    Opens signed in (0.120s)`, plus scenario lines (`results`) when verbose:
    /// each scenario's transcript under the step whose calls it holds (`steps`, by test case), and
    /// nothing more for a requirement skipped as a whole (`--only`, `--skip`).
    func requirementLine(_ requirement: RequirementResult, results: [TestCaseResult], gate: Gate, idWidth: Int, steps: [TestCaseID: [Int: String]] = [:])
        -> String
    {
        let verdict = requirement.verdict
        let summary = requirement.requirement
        let id = summary.id.padding(toLength: max(idWidth, summary.id.count), withPad: " ", startingAt: 0)
        let level = summary.level.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
        let title = PlainText.clean(summary.title)
        var line = "\(verdict.painted(style, width: 8)) \(id)  \(level)  "
        if var reason = verdict.reason {
            let untested = results.filter { $0.outcome.untestedReason != nil }.count
            if verdict.outcome.untestedReason != nil { reason = "\(untested) of \(results.count) test cases untested: " + reason }
            // A title is a sentence that may end with a period: the reason follows a dash, not a colon after it.
            line += (title.hasSuffix(".") ? String(title.dropLast()) : title) + " — \(PlainText.clean(reason))"
        } else {
            line += title + " (\(Self.seconds(requirement.duration)))"
        }
        line += "\n"
        let skippedWhole = results.allSatisfy {
            switch $0.outcome {
            case .skipped, .untested, .notJudgedOnDevice: true
            default: false
            }
        }
        if style.verbosity == .verbose, !skippedWhole {
            for result in results {
                let scenario = Verdict(of: result, gate: gate)
                line += "      \(scenario.painted(style, width: 8)) \(PlainText.clean(result.id.scenarioName)) (\(Self.seconds(result.duration)))\n"
                line += Self.transcript(result.transcript, steps: steps[result.id] ?? [:])
            }
        }
        return line
    }

    /// The calls under a line for the step they belong to: `step 2 tapSignIn`, `step 3 answerNext ... (no calls)`.
    /// Without step descriptions (a result read back from elsewhere) the calls are listed as they are.
    static func transcript(_ calls: [BrokerCallRecord], steps: [Int: String]) -> String {
        ScenarioSteps(descriptions: steps).transcript(calls).map { line in
            String(repeating: " ", count: 12 + 2 * line.depth) + PlainText.clean(line.text) + "\n"
        }.joined()
    }

    /// `0.120s`.
    static func seconds(_ value: Double) -> String {
        var buffer = XMLByteBuffer()
        buffer.seconds(value)
        return String(decoding: buffer.bytes, as: UTF8.self) + "s"
    }
}

extension Event.Kind {
    /// Events that print nothing, so need not clear the live progress line.
    var isQuietForProgress: Bool {
        switch self {
        case .stepPerformed, .adapterUnavailable, .brokerCalled, .observed, .issueRecorded: true
        default: false
        }
    }
}
