import Foundation
import SingleLoginCrypto
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec

extension Check {
    // MARK: Waivers and the baseline

    /// Each test case's result as the run must have reported it: re-judged, then with the waivers
    /// the manifest lists applied on the day it names, as the run applied them (in the order the test
    /// cases ended). Each is compared with the `testCaseEnded` event in full (outcome, skip reason,
    /// issues), so a waiver removed from the manifest, added to it or edited in either place is a
    /// finding. Also re-derives what `summary.md` ends with: the waivers' effects and the comparison
    /// with the bundled baseline.
    mutating func applyGating(record: RunRecord, events: [(line: Data, event: Event)], rejudged: [TestCaseID: Rejudged]) -> [TestCaseID: TestCaseResult.Outcome]
    {
        let stage = waiverStage()
        let gate = record.effectiveContext.gate
        var judged: [TestCaseID: TestCaseResult.Outcome] = [:]
        var verdicts: [CaseVerdicts.Entry] = []
        for (_, event) in events {
            switch event.kind {
            case .runStarted, .adapterIdentified:
                // The stage learns the gate and the app's version from these, as in the run.
                _ = stage?.rewrite(event)
            case let .testCaseEnded(stated):
                guard let raw = rejudged[stated.id] else { continue }
                var expected = stated
                expected.outcome = raw.outcome
                expected.issues = raw.issues
                if let stage, case let .testCaseEnded(rewritten) = stage.rewrite(Event(.testCaseEnded(expected), date: event.date)).kind {
                    expected = rewritten
                }
                compare(stated: stated, expected: expected)
                judged[stated.id] = expected.outcome
                verdicts += CaseVerdicts(results: [expected], gate: gate).entries
            default: break
            }
        }
        // A transcript whose test case has no testCaseEnded event: checkVerdicts names it.
        for (id, raw) in rejudged where judged[id] == nil { judged[id] = raw.outcome }
        waiverEffects = stage?.lines ?? []
        summaryAppendix = (stage?.markdown ?? "") + baselineSection(current: CaseVerdicts(verdicts))
        return judged
    }

    /// The stage of the manifest's waivers, or nil (after a finding when an entry is unusable).
    private mutating func waiverStage() -> WaiverStage? {
        let bundled = BundleManifest.Waivers.bundledFile
        guard let waivers = manifest.waivers else {
            if files[bundled] != nil { note(bundled, "is in the bundle, but manifest.json lists no waivers") }
            return nil
        }
        checkWaiverFile(waivers)
        switch waivers.stage() {
        case let .success(stage): return stage
        case let .failure(invalid):
            note("manifest.json", "waiver entry \(invalid.index + 1) names neither one test case ('REQUIREMENT-ID / scenario') nor one requirement")
            return nil
        }
    }

    /// The bundled waiver file against the manifest: its digest, and every entry the manifest lists
    /// read from it, so that the entries that waived failures are the ones in the file that was reviewed.
    private mutating func checkWaiverFile(_ waivers: BundleManifest.Waivers) {
        let bundled = BundleManifest.Waivers.bundledFile
        guard let data = files[bundled] else { return note(bundled, "is missing, but manifest.json lists the waivers of \(waivers.file)") }
        let sha = SHA256.hexDigest(data)
        if sha != waivers.sha256 { note(bundled, "has SHA-256 \(sha), but manifest.json names \(waivers.sha256) for \(waivers.file)") }
        guard let file = try? WaiverFile.load(bytes: Array(data), file: waivers.file) else { return note(bundled, "is not a valid waiver file") }
        let read = BundleManifest.Waivers(file: waivers.file, sha256: sha, stage: WaiverStage(file: file, today: waivers.judgedOn, strict: waivers.strict))
        if read.entries != waivers.entries {
            note(
                "manifest.json",
                "lists \(waivers.entries.count) waiver entr\(waivers.entries.count == 1 ? "y" : "ies"), but \(bundled) holds \(read.entries.count)"
                    + (read.entries.count == waivers.entries.count ? " that differ" : "") + ": the waivers applied are not the file's")
        }
    }

    /// A finding when the run's `testCaseEnded` differs from the expected result, naming the
    /// transcript (which ends with that event, as events.jsonl holds it).
    private mutating func compare(stated: TestCaseResult, expected: TestCaseResult) {
        let id = stated.id.description
        let file =
            manifest.testCases.first { $0.requirementID == stated.id.requirementID && $0.scenario == stated.id.scenarioName }?.transcript ?? "events.jsonl"
        if stated.outcome != expected.outcome {
            let judgedOn = manifest.waivers.map { " (judged on \($0.judgedOn))" } ?? ""
            switch (stated.outcome, expected.outcome) {
            case let (.waived(stated), .waived(expected)):
                note(file, id, "is \(stated), but the waiver manifest.json lists says \(expected)")
            case let (.waived(failure), _):
                note(
                    file, id,
                    manifest.waivers == nil
                        ? "is \(failure), but manifest.json lists no waivers: re-judged it is \(expected.outcome.encoded.name)"
                        : "is \(failure), but no waiver manifest.json lists\(judgedOn) waives it: re-judged it is \(expected.outcome.encoded.name)")
            case let (_, .waived(failure)):
                note(file, id, "ends \(stated.outcome.encoded.name), but a waiver manifest.json lists\(judgedOn) makes it \(failure)")
            default:
                note(
                    file, id,
                    "ends \(stated.outcome.encoded.name)\(Self.reason(stated.outcome)), but re-judged it is \(expected.outcome.encoded.name)\(Self.reason(expected.outcome))"
                )
            }
        }
        if !stated.earlierAttempts.isEmpty || stated.isFlaky {
            // run refuses --bundle with --retry or --rerun: the reports would show attempts no transcript holds.
            note(file, id, "records \(stated.isFlaky ? "a flaky pass" : "earlier attempts"), but a bundle holds one attempt of each test case")
        }
        if stated.issues != expected.issues {
            note(
                file, id,
                "its testCaseEnded issues differ from the re-judged ones (with the waivers manifest.json lists)"
                    + Self.issueDifference(expected: expected.issues, recorded: stated.issues))
        }
    }

    /// ` (reason)` of a skip or a case that did not run, when the names alone do not tell them apart.
    private static func reason(_ outcome: TestCaseResult.Outcome) -> String {
        switch outcome {
        case let .skipped(reason), let .untested(reason), let .notRun(reason), let .doesNotApply(reason): " (\(reason))"
        case let .notJudgedOnDevice(reason): " (\(TestCaseResult.Outcome.notJudgedOnDevicePrefix)\(reason))"
        case let .notJudged(blocker): " (\(blocker))"
        case let .waived(failure): " (\(failure))"
        case .passed, .failed, .errored: ""
        }
    }

    /// The `## Compared with the baseline` section the bundled baseline gives (empty without one).
    private mutating func baselineSection(current: CaseVerdicts) -> String {
        let bundled = BundleManifest.Baseline.bundledFile
        guard let baseline = manifest.baseline else {
            if files[bundled] != nil { note(bundled, "is in the bundle, but manifest.json names no baseline") }
            return ""
        }
        guard let data = files[bundled] else {
            note(bundled, "is missing, but manifest.json names the baseline \(baseline.file)")
            return ""
        }
        let sha = SHA256.hexDigest(data)
        if sha != baseline.sha256 { note(bundled, "has SHA-256 \(sha), but manifest.json names \(baseline.sha256) for \(baseline.file)") }
        do {
            let verdicts = CaseVerdicts(junit: try JUnitMerger.parse(data, path: baseline.file))
            return BaselineComparison(baseline: verdicts.excluding(otherShards), current: current).markdown(baselineName: baseline.file)
        } catch {
            note(bundled, "is not a JUnit report: \(error)")
            return ""
        }
    }
}
