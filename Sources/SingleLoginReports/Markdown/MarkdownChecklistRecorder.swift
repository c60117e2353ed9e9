import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// Writes `summary.md`: a release checklist and CI job summary, one row per requirement.
///
/// Each row shows the requirement's ID, level, title, result (✅ passed, ❌ failed, ⚠️ warning
/// or error, ⏭ skipped or not run) and its Microsoft references; failures and errors come first.
/// The header names the spec, adapter, app, date, how many requirements of each level failed,
/// and the test case totals. Written atomically when the run ends.
public final class MarkdownChecklistRecorder: StatusRestatingRecorder {
    /// Where the checklist goes.
    public let url: URL
    private let onError: @Sendable (any Error) -> Void
    private let appendix: @Sendable () -> String
    private let state = Locked(RunRecord())

    /// Creates a recorder writing to `url`; `appendix` gives, when the run ends, Markdown to add at
    /// the end (the comparison with a baseline, the waivers used), empty by default.
    public init(
        url: URL, appendix: @escaping @Sendable () -> String = { "" }, onError: @escaping @Sendable (any Error) -> Void = ReportErrors.printToStandardError
    ) {
        self.url = url
        self.appendix = appendix
        self.onError = onError
    }

    /// Takes one event; on `runEnded` renders and writes the checklist.
    public func record(_ event: Event) {
        let finished: RunRecord? = state.withLock { record in
            record.take(event) ? record : nil
        }
        guard let finished else { return }
        do {
            try AtomicFileWriter.write(Data(text(of: finished, unwritten: []).utf8), to: url)
        } catch {
            onError(error)
        }
    }

    /// Writes the checklist of the run that ended again, saying that the reports at `unwritten`
    /// could not be written and that the exit status is therefore 2.
    ///
    /// A command calls it when another report failed after this one was written, so that the
    /// checklist never states an exit status the process did not exit with. Throws, as a write
    /// that fails at the end does, when the file cannot be written.
    ///
    /// With `status` (and why, `reason`), it states the status the command exits with where that is
    /// not the requirements' own: `--fail-on regressions` passes a run whose failures are the
    /// baseline's.
    public func rewrite(unwritten: [String], status: ExitStatus? = nil, reason: String? = nil) throws {
        let finished = state.withLock { $0 }
        try AtomicFileWriter.write(Data(text(of: finished, unwritten: unwritten, status: status, reason: reason).utf8), to: url)
    }

    private func text(of finished: RunRecord, unwritten: [String], status: ExitStatus? = nil, reason: String? = nil) -> String {
        Self.render(
            results: finished.orderedResults, requirements: finished.orderedRequirementResults, context: finished.effectiveContext,
            summary: finished.summary ?? finished.effectiveSummary, steps: finished.steps, surfaces: finished.surfaces.findings, unwritten: unwritten,
            status: status, statusReason: reason)
            + appendix()
    }

    /// Renders the checklist: a row per requirement result, the failing test cases (with their
    /// steps from `steps`, by test case and 0-based step index), in the context's gate; the device
    /// surfaces passed on nothing observed (`surfaces`) in a row of their own; the reports that
    /// could not be written (`unwritten`), which make the exit status 2, in one more; `status` (and
    /// why, `statusReason`) where the command exits otherwise than the requirements say.
    public static func render(
        results: [TestCaseResult], requirements: [RequirementResult], context: RunContext, summary: RunSummary, steps: [TestCaseID: [Int: String]] = [:],
        surfaces: [SurfaceFinding] = [], unwritten: [String] = [], status final: ExitStatus? = nil, statusReason: String? = nil
    ) -> String {
        let gate = context.gate
        let status = unwritten.isEmpty ? final ?? ExitStatus(summary: summary, gate: gate) : .adapterOrHarnessError
        // A run with requirements not fully tested says so in its first words, as the console and the badge do.
        let untested = results.untestedRequirementIDs.count
        let untestedPart = untested > 0 ? ", " + TestCaseResult.notFullyTested(untested) : ""
        let headline: String
        switch status {
        case .passed: headline = (untested > 0 ? "🔶 passed" : "✅ passed") + untestedPart + (unwritten.isEmpty ? statusReason.map { " (\($0))" } ?? "" : "")
        case .requirementFailures: headline = "❌ failed" + untestedPart
        default: headline = unwritten.isEmpty ? "⚠️ did not complete (errors)" : "⚠️ reports not written"
        }
        let shard = context.shard.map { " (\($0) only)" } ?? ""
        var out = "# \(cell(context.specTitle)): \(headline)\(shard)\(context.referenceApp ? " (bundled reference app, not your app)" : "")\n\n"
        out += "| | |\n|---|---|\n"
        if let shard = context.shard {
            out +=
                "| Shard | ⚠️ \(shard) of a split run: this report covers \(shard.coverage(ofTestCases: results.count)); `sl-conformance merge` joins the shards' reports |\n"
        }
        if let merged = context.mergedShards {
            out +=
                "| Shards | merged from \(merged) shard\(merged == 1 ? "" : "s") by `sl-conformance merge`: this report covers their \(results.count) test case\(results.count == 1 ? "" : "s") |\n"
        }
        if context.referenceApp {
            out += "| App under test | ⚠️ \(cell(context.referenceAppText)): \(cell(context.testYoursHint)) |\n"
        }
        let origin = context.specOrigin.map { ", \(cell($0))" } ?? ""
        out += "| Spec | \(cell(context.specID)) \(cell(context.specVersion))\(origin) (sha256 `\(code(String(context.specSHA256.prefix(12))))`) |\n"
        if let adapter = context.adapter {
            out += "| Adapter | \(cell(adapter.adapterName)) \(cell(adapter.adapterVersion)) |\n"
            out += "| App | \(cell(adapter.appName)) \(cell(adapter.appVersion)) (`\(code(adapter.bundleId))`), MSAL \(cell(adapter.msalVersion)) |\n"
            if let declared = adapter.surfaces { out += "| Device surfaces | \(cell(declared.reportText)) |\n" }
        } else if let label = context.subject.label {
            // Preflight reads files and has no row; a behavioural run without an adapter identity never
            // got past the handshake; a backend run names its command.
            out += "| \(cell(label)) | \(context.subject.detail.map(detail) ?? "not identified") |\n"
        }
        out += "| Harness | \(cell(context.harnessVersion)) on \(cell(context.hostname)) |\n"
        out += "| Date | \(UTCDate.readable(context.startDate)) |\n"
        if !requirements.isEmpty { out += "| Requirements | \(requirementTotals(requirements, gate: gate)) |\n" }
        out += "| Test cases | \(summary.total) in all: \(summary.totals(under: gate)) |\n"
        for finding in surfaces { out += "| Nothing observed | ⚠️ \(cell(finding.description)) |\n" }
        for warning in summary.lateCalls { out += "| Late call | ⚠️ \(cell(warning)) |\n" }
        if !unwritten.isEmpty {
            out +=
                "| Reports not written | ⚠️ \(unwritten.map(cell).joined(separator: ", ")): the exit status is 2 whatever the requirements did |\n"
        }
        out += "| Exit status | \(status.rawValue)\(unwritten.isEmpty ? statusReason.map { " (\(cell($0)))" } ?? "" : "") |\n\n"

        out += "| Result | ID | Level | Requirement | Microsoft reference |\n|---|---|---|---|---|\n"
        for result in failuresFirst(requirements) {
            let requirement = result.requirement
            let references = requirement.references.map { "[\(cell($0.title))](\(url($0.url)))" }.joined(separator: "<br>")
            out +=
                "| \(mark(result.verdict)) | \(cell(requirement.id)) | \(requirement.level.rawValue) | \(cell(requirement.title)) | \(references.isEmpty ? "–" : references) |\n"
        }
        let notJudged = results.filter { if case .notJudged = $0.outcome { true } else { false } }
        if !notJudged.isEmpty {
            out +=
                "\n## Not judged\n\nA precondition failed: the app did not do what the requirement presumes, a behaviour the requirement named owns. Where that one fails too, fix it first.\n\n"
            let standings = results.blockingOwnerStandings(in: context)
            for result in notJudged {
                out += "- \(cell(result.id.description)): \(cell(Verdict(of: result, gate: gate).reason ?? ""))"
                if case .notJudged(let blocker) = result.outcome, let standing = standings[blocker.requirementID] {
                    out += " (\(cell(blocker.note(standing))))"
                }
                out += "\n"
            }
        }
        // What the adapter could not play, and what it takes to play it: the release manager's
        // question for a pass that is a pass in part.
        let untestedCases = results.compactMap { result in result.outcome.untestedReason.map { (result.id, $0) } }
        if !untestedCases.isEmpty {
            out +=
                "\n## Untested\n\nThe adapter could not play these test cases, so their requirements are not fully tested. Declare `concurrentCalls` only once the adapter serves requests concurrently (docs/wire-protocol.md); `sl-conformance doctor` checks it.\n\n"
            for (id, reason) in untestedCases { out += "- \(cell(id.description)): \(cell(reason))\n" }
        }
        // A device pass judges what a person can do on a device: the rest, and every step the
        // tester skipped, is listed with its reason, for the release manager who signs it off.
        let notOnDevice = context.kind == .devicePass ? results.compactMap { result in Self.skipReason(result).map { (result.id, $0) } } : []
        if !notOnDevice.isEmpty {
            out += "\n## Not judged on a device\n\nThe simulated run judges these; a step the tester skipped says so.\n\n"
            for (id, reason) in notOnDevice { out += "- \(cell(id.description)): \(cell(reason))\n" }
        }
        let problems = results.filter { $0.outcome == .failed || $0.outcome == .errored }
        if !problems.isEmpty {
            out += "\n## Failures and errors\n"
            for result in problems {
                out += "\n### \(mark(Verdict(of: result, gate: gate))) \(cell(result.id.description))\n\n"
                let outline = ScenarioSteps(descriptions: steps[result.id] ?? [:])
                out += outline.numberedBlock(
                    marking: result.issues, heading: "Steps:\n\n```\n", footer: "```\n\n"
                ) { fence(PlainText.clean($0)) }
                for issue in result.issues {
                    let step = issue.stepIndex.map { "after step \($0 + 1)" } ?? issue.placeWithoutStep
                    out += "- \(step): \(cell(issue.message)) (`\(code(issue.type))`)\n"
                }
                let diffs = result.issues.filter { !$0.expected.isEmpty || !$0.observed.isEmpty }
                if !diffs.isEmpty {
                    out += "\n```diff\n"
                    for issue in diffs {
                        for line in LineDiff.lines(expected: PlainText.clean(issue.expected), observed: PlainText.clean(issue.observed)) {
                            out += fence(line.text) + "\n"
                        }
                    }
                    out += "```\n"
                }
                if !result.transcript.isEmpty {
                    out += "\nBroker transcript:\n\n```\n"
                    for line in outline.transcript(result.transcript) {
                        out += String(repeating: "  ", count: line.depth) + fence(PlainText.clean(line.text)) + "\n"
                    }
                    out += "```\n"
                }
            }
        }
        return out
    }

    /// Why a skipped test case was skipped, without the words the section's heading says.
    private static func skipReason(_ result: TestCaseResult) -> String? {
        switch result.outcome {
        case let .skipped(reason), let .notJudgedOnDevice(reason): reason
        default: nil
        }
    }

    /// ✅, ❌, ⚠️, ⊘, 🔶 or ⏭ with a word, for a verdict.
    static func mark(_ verdict: Verdict) -> String {
        switch verdict {
        case .errored: "⚠️ error"
        case .failed: "❌ failed"
        case .notJudged(let blocker): "⊘ not judged: blocked by \(cell(blocker.requirementID))"
        case .warned: "⚠️ warning"
        case .notRun: "⏭ not run"
        case .passed: "✅ passed"
        case .waived: "⏭ waived"
        case .skipped: "⏭ skipped"
        case .untested: "🔶 untested"
        case .doesNotApply: "➖ does not apply"
        }
    }

    /// Text safe in a table cell: cleaned, one line, pipes and markup escaped.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in JUnitNames.normalize(text, fallback: "") {
            switch character {
            case "|", "\\", "`", "*", "_", "[", "]", "<", ">", "#": out += "\\\(character)"
            default: out.append(character)
            }
        }
        return out
    }

    /// A subject's detail: its `code spans` kept as inline code, the rest as cell text.
    static func detail(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .map { part in
                let text = String(part.element)
                guard part.offset % 2 == 0 else { return "`\(code(text))`" }
                // cell() trims; the spaces around a code span are kept.
                return (text.hasPrefix(" ") ? " " : "") + cell(text) + (text.hasSuffix(" ") && text.count > 1 ? " " : "")
            }.joined()
    }

    /// Text safe inside inline code: one line, no backticks.
    static func code(_ text: String) -> String {
        JUnitNames.normalize(text, fallback: "").replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "¦")
    }

    /// A link target without spaces or parentheses that would end it.
    static func url(_ text: String) -> String {
        JUnitNames.normalize(text, fallback: "").replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28").replacingOccurrences(
            of: ")", with: "%29")
    }

    /// A line safe inside a fenced block: no line can close the fence.
    static func fence(_ text: String) -> String {
        text.replacingOccurrences(of: "```", with: "`\u{200B}``")
    }
}
