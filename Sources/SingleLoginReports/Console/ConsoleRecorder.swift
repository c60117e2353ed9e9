import Foundation
import Synchronization
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
    private let state = Mutex(State())

    private struct State {
        var record = RunRecord()
        var requirementOrder: [String] = []
        var remaining: [String: Int] = [:]
        var finished: [String: [TestCaseResult]] = [:]
        var idWidth = 0
        var transientShown = false
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
                if state.remaining[id] == nil { state.requirementOrder.append(id) }
                state.remaining[id, default: 0] += 1
                state.idWidth = max(state.idWidth, id.count)
            }
            if style.verbosity != .quiet {
                let cases = plan.count
                out += "Running \(PlainText.clean(context.specTitle)) (\(context.specID) \(context.specVersion)): \(state.requirementOrder.count) requirement\(state.requirementOrder.count == 1 ? "" : "s"), \(cases) test case\(cases == 1 ? "" : "s")\n"
                if let adapter = context.adapter { out += Self.adapterLine(adapter) }
            }
        case let .adapterIdentified(adapter):
            if style.verbosity != .quiet { out += Self.adapterLine(adapter) }
        case let .testCaseStarted(id):
            if style.isTerminal, style.verbosity != .quiet {
                out += style.paint("  running \(PlainText.clean(id.description))…", "2")
                state.transientShown = true
            }
        case let .testCaseEnded(result):
            out += finish(result, in: &state)
        case .runEnded:
            break
        case .stepPerformed, .brokerCalled, .observed, .issueRecorded, .requirementStarted, .requirementEnded:
            break
        }
        if ended {
            // Requirements whose scenarios never all ended (an interrupted run) still get their line.
            let results = state.record.orderedResults
            for result in results where state.finished[result.id.requirementID]?.contains(where: { $0.id == result.id }) != true {
                if state.remaining[result.id.requirementID] != nil {
                    out += finish(result, in: &state)
                }
            }
            out += summary(results: results, summary: state.record.summary ?? state.record.effectiveSummary)
        }
        return out
    }

    private func finish(_ result: TestCaseResult, in state: inout State) -> String {
        let requirement = result.id.requirementID
        state.finished[requirement, default: []].append(result)
        guard let left = state.remaining[requirement] else {
            return ""
        }
        if left > 1 {
            state.remaining[requirement] = left - 1
            return ""
        }
        state.remaining[requirement] = nil
        guard style.verbosity != .quiet else { return "" }
        let results = state.finished[requirement] ?? [result]
        return requirementLine(results, idWidth: state.idWidth)
    }

    private static func adapterLine(_ adapter: AdapterIdentity) -> String {
        "Adapter \(PlainText.clean(adapter.adapterName)) \(PlainText.clean(adapter.adapterVersion)); app \(PlainText.clean(adapter.appName)) \(PlainText.clean(adapter.appVersion)) (\(PlainText.clean(adapter.bundleId))), MSAL \(PlainText.clean(adapter.msalVersion))\n"
    }

    /// `PASS  SL-LOGIN-1  MUST    Opens signed in (0.120s)`, plus scenario lines when verbose.
    func requirementLine(_ results: [TestCaseResult], idWidth: Int) -> String {
        guard let first = results.first else { return "" }
        let verdict = Verdict(aggregating: results, gateOnMustOnly: style.gateOnMustOnly)
        let summary = first.requirement
        let id = summary.id.padding(toLength: max(idWidth, summary.id.count), withPad: " ", startingAt: 0)
        let level = summary.level.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
        let time = results.reduce(0) { $0 + $1.duration }
        var line = "\(verdict.painted(style))  \(id)  \(level)  \(PlainText.clean(summary.title))"
        if let reason = verdict.reason {
            line += ": \(PlainText.clean(reason))"
        } else {
            line += " (\(Self.seconds(time)))"
        }
        line += "\n"
        if style.verbosity == .verbose {
            for result in results {
                let scenario = Verdict(aggregating: [result], gateOnMustOnly: style.gateOnMustOnly)
                line += "      \(scenario.painted(style))  \(PlainText.clean(result.id.scenarioName)) (\(Self.seconds(result.duration)))\n"
                for call in result.transcript {
                    line += "            \(PlainText.clean(call.line))\n"
                }
            }
        }
        return line
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
        case .stepPerformed, .brokerCalled, .observed, .issueRecorded: true
        default: false
        }
    }
}
