import Foundation
import SingleLoginEvents
import SingleLoginSpec

/// `report.html`: one self-contained page that a release manager can open from `file://`, file
/// with a release and print, made from a run's events only.
///
/// A header (app, spec, harness, gate, date, verdict, the run's warnings, counts), the requirements table (filterable
/// by status and level with a few lines of inline script; without script everything shows), then
/// every test case that did not pass, grouped by what it is: failures, cases not judged,
/// warnings, errors, skipped and not run, each with its evidence. The page loads nothing: its
/// style and script are inline and its Content-Security-Policy forbids every other source.
public struct HTMLReport: Sendable {
    /// Every test case, in plan order.
    public var results: [TestCaseResult]
    /// Every requirement, in plan order, with its verdict.
    public var requirements: [RequirementResult]
    /// What the run was about.
    public var context: RunContext
    /// The run's totals.
    public var summary: RunSummary
    /// Step descriptions per test case, by step index.
    public var steps: [TestCaseID: [Int: String]]
    /// The device surfaces whose requirements passed on nothing observed.
    public var surfaces: [SurfaceFinding]
    /// The reports that could not be written: the page then states exit status 2, as the command
    /// exits, whatever the requirements did.
    public var unwritten: [String] = []
    /// The exit status the command ends with where it is not the requirements' own
    /// (`--fail-on regressions` passes a run whose failures are the baseline's), and why.
    public var statedStatus: (status: ExitStatus, reason: String)?
    /// What the waivers did, a line each (`waived ...`, `failing again ...`, `warning: unexpected
    /// pass ...`), as the console and `summary.md` list them; the page lists them under "Waivers".
    public var waiverLines: [String] = []
    /// What the page shows for each of ``results``, in the same order (computed once: a run can have 100,000).
    var statuses: [Status]
    /// How many test cases have each status, and how many there are: the header's counts, kept
    /// when ``headerOnly()`` lets the results go.
    let tally: [Status: Int]
    let caseCount: Int
    /// The requirements with test cases the adapter could not play: a pass says so in its header.
    let untestedRequirements: [String]
    /// How the requirements that blocked cases stand, where that says where to look.
    let ownerStandings: [String: Blocker.OwnerStanding]

    /// The most of a tested process's output a test case shows (its tail).
    static let maxLogBytes = 16 * 1024

    /// Creates a report of a finished run.
    public init(
        results: [TestCaseResult], requirements: [RequirementResult], context: RunContext, summary: RunSummary, steps: [TestCaseID: [Int: String]] = [:],
        surfaces: [SurfaceFinding] = []
    ) {
        self.surfaces = surfaces
        self.results = results
        self.requirements = requirements
        self.context = context
        self.summary = summary
        self.steps = steps
        statuses = results.map { Status(Verdict(of: $0, gate: context.gate)) }
        tally = statuses.reduce(into: [:]) { $0[$1, default: 0] += 1 }
        caseCount = results.count
        untestedRequirements = results.untestedRequirementIDs
        ownerStandings = results.blockingOwnerStandings(in: context)
    }

    /// The report of everything `record` gathered, listing `waiverLines` (``waiverLines``).
    public init(_ record: RunRecord, waiverLines: [String] = []) {
        let results = record.orderedResults
        self.init(
            results: results, requirements: record.orderedRequirementResults(of: results), context: record.effectiveContext,
            summary: record.summary ?? record.effectiveSummary, steps: record.steps,
            surfaces: record.surfaces.findings)
        self.waiverLines = waiverLines
    }

    /// The exit status the requirements give under the run's gate.
    var ownStatus: ExitStatus { ExitStatus(summary: summary, gate: context.gate) }

    /// The exit status the page states: 2 when a report was not written, else the command's.
    var status: ExitStatus { unwritten.isEmpty ? statedStatus?.status ?? ownStatus : .adapterOrHarnessError }

    /// The page.
    public func render() -> String {
        var out = ""
        // Rows are per requirement and only test cases that did not pass have sections of their own.
        out.reserveCapacity(64 * 1024 + requirements.count * 600 + statuses.lazy.filter { $0 != .passed }.count * 2000)
        out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        // Nothing but what is inline may load: the page must open the same offline, from file://.
        out +=
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        top(into: &out)
        out += "<main>\n"
        // The requirements that failed come first whatever the command exits with: they are what to read.
        requirementsTable(failing: ownStatus != .passed, into: &out)
        caseSections(into: &out)
        if !waiverLines.isEmpty {
            out += "<section aria-labelledby=\"waivers-heading\">\n<h2 id=\"waivers-heading\">Waivers</h2>\n<ul>\n"
            out += waiverLines.map { "<li>\(HTMLText.escape($0))</li>\n" }.joined() + "</ul>\n</section>\n"
        }
        out += "</main>\n<footer><p>Written by sl-conformance "
        HTMLText.escape(context.harnessVersion, into: &out)
        out += " from the run's events. Spec SHA-256 <code>"
        HTMLText.escape(context.specSHA256, into: &out)
        out += "</code>.</p></footer>\n<script>\n\(Self.script)</script>\n</body>\n</html>\n"
        return out
    }

    /// The part of the page that states the exit status, from `<title>` to the end of the header:
    /// what ``HTMLReportRecorder/rewrite(unwritten:status:reason:)`` writes again.
    func top(into out: inout String) {
        let status = status
        out += "<title>"
        let shard = context.shard.map { " (\($0) only)" } ?? ""
        let untested =
            (status == .passed || status == .requirementFailures) && !untestedRequirements.isEmpty
            ? " with " + TestCaseResult.notFullyTested(untestedRequirements.count) : ""
        HTMLText.escape("\(context.specTitle): \(Self.headline(status).word)\(untested)\(shard)\(appTitle.map { " – \($0)" } ?? "")", into: &out)
        out += "</title>\n<style>\n\(Self.styleSheet)</style>\n</head>\n<body>\n"
        out += "<a class=\"skip\" href=\"#requirements-heading\">Skip to the requirements</a>\n"
        header(status: status, into: &out)
    }

    /// A copy that keeps only what ``top(into:)`` reads: the recorder holds it after the page is
    /// written, to state another exit status, without a large run's results.
    func headerOnly() -> HTMLReport {
        var copy = self
        copy.results = []
        copy.requirements = []
        copy.steps = [:]
        copy.statuses = []
        return copy
    }

    /// The page's verdict: its word and its class.
    static func headline(_ status: ExitStatus) -> (word: String, css: String) {
        switch status {
        case .passed: ("PASSED", "passed")
        case .requirementFailures: ("FAILED", "failed")
        default: ("INCOMPLETE", "errored")
        }
    }

    /// The app as its adapter named it, for the title.
    var appTitle: String? {
        if context.referenceApp { return "bundled reference app" }
        return context.adapter.map { "\($0.appName) \($0.appVersion)" }
    }

    /// The header: title, verdict, facts and counts.
    func header(status: ExitStatus, into out: inout String) {
        let headline = Self.headline(status)
        out += "<header>\n<h1>"
        HTMLText.escape(context.specTitle, into: &out)
        out += " <span class=\"kind\">conformance report</span></h1>\n"
        out += "<p class=\"verdict verdict-\(headline.css)\"><strong>\(headline.word)</strong> <span>exit status \(status.rawValue)"
        if !unwritten.isEmpty {
            out += ": reports not written ("
            HTMLText.escape(unwritten.joined(separator: ", "), into: &out)
            out += "), so the exit status is 2 whatever the requirements did"
        } else if let stated = statedStatus {
            out += " ("
            HTMLText.escape(stated.reason, into: &out)
            out += ")"
        } else {
            let count = untestedRequirements.count
            let notFullyTested =
                "\(count) requirement\(count == 1 ? " is" : "s are") not fully tested (" + HTMLText.escape(untestedRequirements.joined(separator: ", ")) + ")"
            switch status {
            case .passed where count > 0:
                out += ": every requirement that ran passed, but \(notFullyTested): the adapter could not play some of their test cases"
            case .passed:
                // The console's words for the same status, so the page never says more than it.
                let meaning = ConsoleRecorder.meaning(of: status, skipped: summary.skipped, waived: tally[.waived, default: 0] > 0, subject: context.subject)
                out += ": " + HTMLText.escape(meaning)
            case .requirementFailures where count > 0: out += ": at least one requirement failed, and \(notFullyTested)"
            case .requirementFailures:
                out += ": " + HTMLText.escape(ConsoleRecorder.notJudgedOnly(summary, gate: context.gate) ?? "at least one requirement failed")
            default: out += ": the adapter or the harness broke, or the run was interrupted; this is not a complete result"
            }
        }
        out += "</span></p>\n"
        if context.referenceApp {
            out += "<p class=\"notice\" role=\"note\"><strong>Not your app:</strong> this run tested "
            HTMLText.escape(context.referenceAppText, into: &out)
            out += ": "
            HTMLText.escape(context.testYoursHint, into: &out)
            out += ".</p>\n"
        }
        if let shard = context.shard {
            // As summary.md and the console say it: a shard's pass is not the run's.
            out += "<p class=\"notice\" role=\"note\"><strong>One shard:</strong> "
            HTMLText.escape("\(shard) of a split run: this report covers \(shard.coverage(ofTestCases: summary.total)); ", into: &out)
            out += "<code>sl-conformance merge</code> joins the shards&#39; reports.</p>\n"
        }
        out += "<dl class=\"facts\">\n"
        if let adapter = context.adapter {
            fact("App", "\(adapter.appName) \(adapter.appVersion)", detail: "bundle id \(adapter.bundleId), MSAL \(adapter.msalVersion)", into: &out)
            fact("Adapter", "\(adapter.adapterName) \(adapter.adapterVersion)", into: &out)
            if let declared = adapter.surfaces { fact("Device surfaces", declared.reportText, into: &out) }
        } else if let label = context.subject.label {
            fact(label, context.subject.detail?.replacingOccurrences(of: "`", with: "") ?? "not identified", into: &out)
        }
        let origin = context.specOrigin.map { " (\($0))" } ?? ""
        out += "<dt>Spec</dt><dd>"
        HTMLText.escape("\(context.specID) \(context.specVersion)\(origin)", into: &out)
        out += " <span class=\"detail\">SHA-256 <code title=\""
        HTMLText.escape(context.specSHA256, into: &out)
        out += "\">"
        HTMLText.escape(String(context.specSHA256.prefix(12)), into: &out)
        out += "</code></span></dd>\n"
        fact("Harness", "sl-conformance \(context.harnessVersion)", detail: "on \(context.hostname)", into: &out)
        fact(
            "Gate", context.gate == .mustOnly ? "MUST only (--level must): SHOULD failures are warnings" : "MUST and SHOULD: every failure fails the run",
            into: &out)
        fact("Date", UTCDate.readable(context.startDate), detail: String(format: "%.1f s", summary.duration), into: &out)
        out += "</dl>\n"
        for finding in surfaces {
            out += "<p class=\"notice\" role=\"note\"><strong>Nothing observed:</strong> "
            HTMLText.escape(finding.description, into: &out)
            out += "</p>\n"
        }
        for warning in summary.lateCalls {
            out += "<p class=\"notice\" role=\"note\"><strong>Late call:</strong> "
            HTMLText.escape(warning, into: &out)
            out += "</p>\n"
        }
        counts(into: &out)
        out += "</header>\n"
    }

    /// One `<dt>`/`<dd>` pair, with a quieter detail after the value.
    func fact(_ name: String, _ value: String, detail: String? = nil, into out: inout String) {
        out += "<dt>"
        HTMLText.escape(name, into: &out)
        out += "</dt><dd>"
        HTMLText.escape(value, into: &out)
        if let detail {
            out += " <span class=\"detail\">"
            HTMLText.escape(detail, into: &out)
            out += "</span>"
        }
        out += "</dd>\n"
    }

    /// The totals of test cases, one figure per status (passed and failed always, the others when any).
    func counts(into out: inout String) {
        out += "<h2 class=\"visually-hidden\">Totals</h2>\n<ul class=\"counts\">\n<li class=\"total\"><strong>\(caseCount)</strong> test cases</li>\n"
        for status in [Status.passed, .failed, .notJudged, .warned, .errored, .waived, .untested, .skipped, .notRun, .doesNotApply] {
            let count = tally[status] ?? 0
            guard count > 0 || status == .passed || status == .failed else { continue }
            out += "<li class=\"count status-\(status.rawValue)\"><strong>\(count)</strong> \(status.countWord)</li>\n"
        }
        out += "</ul>\n"
    }
}
