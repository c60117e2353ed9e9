import Foundation
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

extension Check {
    // MARK: Verdicts in the events

    /// Every requirement verdict and the summary in events.jsonl against the re-judged outcomes (each
    /// test case's own result was compared in full by ``applyGating(record:events:rejudged:)``).
    /// Each requirement as the events describe it (its level, title, tags, references), in the
    /// plan, in each `testCaseEnded` and in each `requirementEnded`, is the spec's: reports and the
    /// gate read the level from the events, and a MUST made a SHOULD only warns under `--level must`.
    mutating func checkVerdicts(record: RunRecord, judged: [TestCaseID: TestCaseResult.Outcome], spec: Spec) {
        let summaries = Dictionary(spec.requirements.map { ($0.id, RequirementSummary($0)) }, uniquingKeysWith: { first, _ in first })
        var described: Set<String> = []
        func check(_ summary: RequirementSummary, in place: String, testCase: String?) {
            guard let expected = summaries[summary.id], expected != summary, described.insert(summary.id).inserted else { return }
            let fields = [
                summary.level != expected.level ? "level \(summary.level.rawValue), the spec's \(expected.level.rawValue)" : nil,
                summary.title != expected.title ? "another title" : nil, summary.tags != expected.tags ? "other tags" : nil,
                summary.references != expected.references ? "other references" : nil,
            ].compactMap { $0 }
            note(
                "events.jsonl", testCase ?? summary.id,
                "\(place) describes \(summary.id) with \(fields.isEmpty ? "other details" : fields.joined(separator: ", ")) than the spec")
        }
        for planned in record.plan { check(planned.requirement, in: "runStarted's plan", testCase: planned.id.description) }
        for result in record.orderedResults { check(result.requirement, in: "testCaseEnded", testCase: result.id.description) }
        for stated in record.requirementResults.values.sorted(by: { $0.requirement.id < $1.requirement.id }) {
            check(stated.requirement, in: "requirementEnded", testCase: nil)
        }
        let gate = record.effectiveContext.gate
        for id in judged.keys.sorted(by: { $0.description < $1.description }) where record.result(for: id) == nil {
            note("events.jsonl", id.description, "has no testCaseEnded event")
        }
        let results = record.orderedResults.map { result -> TestCaseResult in
            var fixed = result
            if let outcome = judged[result.id] { fixed.outcome = outcome }
            return fixed
        }
        let byRequirement = Dictionary(grouping: results, by: \.requirement.id)
        for (id, stated) in record.requirementResults.sorted(by: { $0.key < $1.key }) {
            guard let cases = byRequirement[id] else { note("events.jsonl", id, "has a requirementEnded event but no test case"); continue }
            let verdict = Verdict(aggregating: cases, gate: gate)
            if Self.isWaivedAsPassedByOlderHarness(stated: stated.verdict, rejudged: verdict, harness: manifest.harness.version) { continue }
            if verdict.name != stated.verdict.name {
                note("events.jsonl", id, "requirement verdict is \(stated.verdict.name), but re-judged it is \(verdict.name)")
            } else if verdict != stated.verdict {
                // The same verdict for another reason: a waiver's or a skip's words the reports show.
                note("events.jsonl", id, "requirementEnded gives its \(stated.verdict.name) verdict another reason than its test cases give")
            }
        }
        if let summary = record.summary {
            let expected = RunSummary(results: results, duration: summary.duration, interrupted: summary.interrupted)
            for (name, stated, derived) in [
                ("passed", summary.passed, expected.passed), ("failedMust", summary.failedMust, expected.failedMust),
                ("failedShould", summary.failedShould, expected.failedShould),
                ("errored", summary.errored, expected.errored), ("skipped", summary.skipped, expected.skipped), ("notRun", summary.notRun, expected.notRun),
                ("notJudgedMust", summary.notJudgedMust, expected.notJudgedMust), ("notJudgedShould", summary.notJudgedShould, expected.notJudgedShould),
            ] where stated != derived {
                note("events.jsonl", "runEnded counts \(stated) \(name), but re-judged there are \(derived)")
            }
        }
    }

    // MARK: The manifest

    /// The manifest against what the events and the re-judged outcomes give.
    mutating func checkManifest(record: RunRecord, judged: [TestCaseID: TestCaseResult.Outcome]) {
        var fixed = record
        for (id, outcome) in judged { fixed.setOutcome(outcome, for: id) }
        // Only the verdicts are compared here: rejudge checked where each test case's events are.
        let cases = fixed.orderedResults.map { result in
            BundleManifest.TestCase(
                requirementID: result.id.requirementID, scenario: result.id.scenarioName,
                verdict: Verdict(of: result, gate: fixed.effectiveContext.gate).reportedName, events: nil)
        }
        let options = EvidenceBundleRecorder.Options(
            url: URL(fileURLWithPath: "/"), specBytes: Array(files["spec.json"] ?? Data()), commandLine: manifest.commandLine, jobs: manifest.jobs)
        let expected = EvidenceBundleRecorder.manifest(fixed, cases: cases, options: options)
        if record.summary == nil || !expected.complete, manifest.complete {
            note(
                "manifest.json",
                "claims the run is complete, but " + (record.summary == nil ? "the events never end" : expected.incompleteReasons.joined(separator: "; ")))
        }
        for (stated, derived) in zip(manifest.testCases, expected.testCases) where stated.verdict != derived.verdict {
            note("manifest.json", "\(stated.requirementID) / \(stated.scenario)", "says \(stated.verdict), but re-judged it is \(derived.verdict)")
        }
        // Each field against what gives it: the re-judged verdicts, or the events alone.
        func compare<T: Equatable & Encodable>(_ field: String, _ stated: T, _ derived: T, from source: String = "the events and the re-judged verdicts give") {
            if stated != derived { note("manifest.json", "\(field) is \(Self.json(stated)), but \(source) \(Self.json(derived))") }
        }
        compare("verdict", manifest.verdict, expected.verdict)
        compare("complete", manifest.complete, expected.complete)
        // Bundles written before the counts of untested cases and cases that do not apply lack them.
        var derivedCounts = expected.counts
        if manifest.counts.untested == nil { derivedCounts.untested = nil }
        if manifest.counts.doesNotApply == nil { derivedCounts.doesNotApply = nil }
        compare("counts", manifest.counts, derivedCounts)
        compare("notRun", manifest.notRun, expected.notRun)
        compare("incompleteReasons", manifest.incompleteReasons, expected.incompleteReasons)
        compare("spec", manifest.spec, expected.spec, from: "spec.json and the events give")
        compare("app", manifest.app, expected.app, from: "the events give")
        compare("referenceApp", manifest.referenceApp, expected.referenceApp, from: "the events give")
        compare("harness.version", manifest.harness.version, expected.harness.version, from: "the events give")
        compare("host.hostname", manifest.host.hostname, expected.host.hostname, from: "the events give")
        compare("gate", manifest.gate, expected.gate, from: "the events give")
        compare("seed", manifest.seed, expected.seed, from: "the events give")
        compare("started", manifest.started, expected.started, from: "the events give")
        compare("ended", manifest.ended, expected.ended, from: "the events give")
    }

    /// A manifest value as JSON, as the manifest writes it (`none` for a missing one).
    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "\(value)" }
        let text = String(decoding: data, as: UTF8.self)
        return text == "null" ? "none" : text
    }

    // MARK: The reports

    /// Each report against the one the events render (JUnit in its default or strict form).
    mutating func checkReports(record: RunRecord) {
        var rendered = [
            EvidenceBundleRecorder.reports(of: record, junit: .init(), waiverLines: waiverEffects),
            EvidenceBundleRecorder.reports(of: record, junit: .init(strict: true), waiverLines: waiverEffects),
        ]
        // Its report.html had no list of the waivers' effects.
        if manifest.harness.version == Self.waiversAsSkipsVersion, !waiverEffects.isEmpty {
            rendered += [EvidenceBundleRecorder.reports(of: record, junit: .init()), EvidenceBundleRecorder.reports(of: record, junit: .init(strict: true))]
        }
        let names = Set(record.plan.map(\.id.requirementID))
        for (index, report) in rendered[0].enumerated() {
            guard let bundled = files[report.name] else { note(report.name, "is missing"); continue }
            // summary.md ends with what the events do not carry: the waivers' effects and the comparison
            // with the baseline, re-derived from the manifest's waivers and the bundled baseline.
            let appendix = report.name == "summary.md" ? Data(summaryAppendix.utf8) : Data()
            if rendered.contains(where: { $0[index].data + appendix == bundled }) { continue }
            let difference = ReportDifference(expected: report.data + appendix, found: bundled)
            // The nearest line above in the bundle's own report that names a requirement says whose entry differs.
            let near = difference.found.prefix(difference.line + 1).reversed().first { text in names.contains { text.contains($0) } }
            let requirement = near.flatMap { text in names.filter { text.contains($0) }.max(by: { $0.count < $1.count }) }
            let place = difference.place(gives: "the events give")
            let version =
                manifest.harness.version == HarnessVersion.current
                ? "" : " (written by sl-conformance \(manifest.harness.version), verified by \(HarnessVersion.current), whose reports may differ)"
            note(report.name, requirement, place + version + "; the run's own reports directory holds the report it wrote, to compare with")
        }
    }

    /// The last release whose reports weighed a waived failure as a skip (a requirement with a
    /// waived case and a passing one passed) and whose `report.html` did not list the waivers'
    /// effects: its bundles are intact as it wrote them.
    static let waiversAsSkipsVersion = "0.1.0"

    /// Whether a requirement the events call passed and whose cases re-judge as waived was written
    /// by ``waiversAsSkipsVersion``; since then such a requirement is waived. Such a bundle is intact.
    static func isWaivedAsPassedByOlderHarness(stated: Verdict, rejudged: Verdict, harness: String) -> Bool {
        guard harness == waiversAsSkipsVersion, stated == .passed, case .waived = rejudged else { return false }
        return true
    }

    // MARK: Showing differences

    static func firstDifference(_ found: [Data], _ expected: [Data]) -> String {
        let index = (0..<min(found.count, expected.count)).first { found[$0] != expected[$0] } ?? min(found.count, expected.count)
        if index >= found.count { return " (it stops after line \(index); events.jsonl has \(expected.count) lines for it: truncated)" }
        if index >= expected.count { return " (line \(index + 1) is not in events.jsonl)" }
        return " (from line \(index + 1))"
    }

    static func issueDifference(expected: [Issue], recorded: [Issue]) -> String {
        func line(_ issue: Issue) -> String { "\(issue.type) at step \(issue.stepIndex.map { String($0 + 1) } ?? "end"): \(issue.message)" }
        let index = (0..<min(expected.count, recorded.count)).first { expected[$0] != recorded[$0] } ?? min(expected.count, recorded.count)
        var text = ":"
        text += "\n  - " + (index < expected.count ? line(expected[index]) : "(no further issue)")
        text += "\n  + " + (index < recorded.count ? line(recorded[index]) : "(no further issue)")
        if index < expected.count, index < recorded.count, line(expected[index]) == line(recorded[index]) {
            text += "\n    (their expected or observed differ: -\(expected[index].observed.prefix(120)) +\(recorded[index].observed.prefix(120)))"
        }
        return text
    }
}
