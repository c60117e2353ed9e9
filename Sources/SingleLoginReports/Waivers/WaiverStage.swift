import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Applies a waiver file to a run's events before any recorder sees them, so that every report,
/// the totals and the exit status agree on what a waiver did.
///
/// - A failed test case a waiver covers, on a day and for an app version it holds, is skipped,
///   the reason naming the waiver's reason, link and expiry (JUnit `<skipped message>`).
/// - When the waiver has run out (after `expires`, or for an app version outside its range) the
///   failure stays, and its first issue says that the waiver ran out.
/// - A covered test case that passes is an unexpected pass: listed as a warning, or a failure
///   when `strict` (`--strict-waivers`).
/// Errors are never waived: a broken adapter says nothing about the requirement.
public final class WaiverStage: Sendable {
    /// What a waiver did to one test case.
    public enum Effect: Hashable, Sendable {
        /// The failure was waived.
        case waived(TestCaseID, Waiver)
        /// The failure stays: the waiver ran out (the message says how).
        case ranOut(TestCaseID, Waiver, why: String)
        /// The test case passed although a waiver covers it.
        case unexpectedPass(TestCaseID, Waiver)
    }

    /// The waivers applied.
    public let file: WaiverFile
    /// The day they are judged on, `YYYY-MM-DD` (UTC).
    public let today: String
    /// Whether an unexpected pass fails (`--strict-waivers`).
    public let strict: Bool
    private let state = Locked(State())

    private struct State {
        var appVersion: String?
        var gate: Gate = .mustAndShould
        var effects: [Effect] = []
        /// The summary's changes: the old outcome, the new one and the requirement's level, per rewritten case.
        var moves: [(TestCaseResult.Outcome, TestCaseResult.Outcome, Requirement.Level)] = []
        /// The worst verdict of each requirement's cases, as rewritten.
        var worst: [String: Verdict] = [:]
    }

    /// Applies `file` on `today` (`YYYY-MM-DD`, UTC); `strict` makes an unexpected pass a failure.
    public init(file: WaiverFile, today: String, strict: Bool) {
        self.file = file
        self.today = today
        self.strict = strict
    }

    /// `date` as `YYYY-MM-DD` in UTC: the day a waiver's `expires` is compared with.
    public static func day(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// What the waivers did, in the order the test cases ended.
    public var effects: [Effect] { state.withLock { $0.effects } }

    /// How many waived test cases passed and so failed (`--strict-waivers`; 0 without it).
    public var unexpectedPassFailures: Int {
        strict ? effects.filter { if case .unexpectedPass = $0 { true } else { false } }.count : 0
    }

    /// The IDs of the requirements whose failures were waived, sorted, each once.
    public var waivedRequirements: [String] {
        Array(Set(effects.compactMap { if case let .waived(id, _) = $0 { id.requirementID } else { nil } })).sorted()
    }

    /// What the waivers did, a line each for the console and `summary.md` (see ``Effect/line(strict:)``).
    public var lines: [String] { effects.map { $0.line(strict: strict) } }

    /// A `## Waivers` section for `summary.md`, one line per effect (empty when no waiver applied).
    public var markdown: String {
        let lines = lines
        guard !lines.isEmpty else { return "" }
        return "\n## Waivers\n\n" + lines.map { "- \(MarkdownChecklistRecorder.cell($0))\n" }.joined()
    }

    /// The event as the reports should see it.
    public func rewrite(_ event: Event) -> Event {
        var event = event
        state.withLock { state in
            switch event.kind {
            case let .runStarted(context, _):
                state.gate = context.gate
                state.appVersion = context.adapter?.appVersion
            case let .adapterIdentified(identity):
                state.appVersion = identity.appVersion
            case let .testCaseEnded(result):
                let rewritten = apply(to: result, state: &state)
                if rewritten.outcome != result.outcome { state.moves.append((result.outcome, rewritten.outcome, result.requirement.level)) }
                let verdict = Verdict(of: rewritten, gate: state.gate)
                state.worst[result.id.requirementID] = state.worst[result.id.requirementID]?.worse(verdict) ?? verdict
                event.kind = .testCaseEnded(rewritten)
            case var .requirementEnded(requirement):
                if let worst = state.worst[requirement.requirement.id] { requirement.verdict = worst }
                event.kind = .requirementEnded(requirement)
            case var .runEnded(summary):
                for (old, new, level) in state.moves {
                    Self.count(old, level: level, in: &summary, by: -1)
                    Self.count(new, level: level, in: &summary, by: 1)
                }
                event.kind = .runEnded(summary)
            default: break
            }
        }
        return event
    }

    private func apply(to result: TestCaseResult, state: inout State) -> TestCaseResult {
        guard let waiver = file.waiver(for: result.id) else { return result }
        var result = result
        switch result.outcome {
        case .failed, .notJudged:
            // A case not judged is waived only by a waiver that names it or its own requirement,
            // never by one of the requirement that blocked it: it is a known gap, not a pass.
            if let why = waiver.lapse(today: today, appVersion: state.appVersion) {
                state.effects.append(.ranOut(result.id, waiver, why: why))
                result.issues.insert(
                    Issue(severity: .failure, kind: .waiverRanOut, message: "\(why) (it said: \(waiver.reason); \(waiver.link))", location: waiver.location),
                    at: 0)
            } else {
                state.effects.append(.waived(result.id, waiver))
                result.outcome = .waived(waiver.failure)
            }
        case .passed:
            guard waiver.lapse(today: today, appVersion: state.appVersion) == nil else { break }
            state.effects.append(.unexpectedPass(result.id, waiver))
            if strict {
                result.outcome = .failed
                result.issues.append(
                    Issue(
                        severity: .failure, kind: .waiverUnexpectedPass,
                        message: "unexpected pass: remove the waiver for '\(waiver.subject)' (--strict-waivers)", location: waiver.location))
            }
        case .errored, .waived, .skipped, .untested, .notRun, .doesNotApply, .notJudgedOnDevice:
            break
        }
        return result
    }

    private static func count(_ outcome: TestCaseResult.Outcome, level: Requirement.Level, in summary: inout RunSummary, by delta: Int) {
        switch outcome {
        case .passed: summary.passed += delta
        case .failed: if level == .must { summary.failedMust += delta } else { summary.failedShould += delta }
        case .errored: summary.errored += delta
        case .notJudged: if level == .must { summary.notJudgedMust += delta } else { summary.notJudgedShould += delta }
        case .skipped, .waived, .notJudgedOnDevice: summary.skipped += delta
        case .untested:
            summary.skipped += delta
            summary.untested += delta
        case .notRun: summary.notRun += delta
        case .doesNotApply: summary.doesNotApply += delta
        }
    }
}

extension WaiverStage.Effect {
    /// The test case.
    public var testCase: TestCaseID {
        switch self {
        case let .waived(id, _), let .ranOut(id, _, _), let .unexpectedPass(id, _): id
        }
    }

    /// One line for the console: `waived SL-LOGOUT-1 / ...: reason (link; expires 2026-03-31)`. An
    /// unexpected pass is a warning, or under `--strict-waivers` (`strict`) the failure it is.
    public func line(strict: Bool) -> String {
        switch self {
        case let .waived(id, waiver): "waived \(id): \(waiver.failure.note)"
        case let .ranOut(id, _, why): "failing again \(id): \(why)"
        case let .unexpectedPass(id, waiver):
            strict
                ? "failed: unexpected pass: remove the waiver for '\(waiver.subject)' (\(id) passed; --strict-waivers)"
                : "warning: unexpected pass: remove the waiver for '\(waiver.subject)' (\(id) passed)"
        }
    }
}
