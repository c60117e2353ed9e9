import SingleLoginEvents
import SingleLoginSpec

extension MarkdownChecklistRecorder {
    /// The requirements line of the header, per level: `9 of 35 MUST requirements failed; 0 of 23
    /// SHOULD requirements failed`. A release manager asks how many requirements failed, not how
    /// many test cases; a SHOULD failure that only warns (`--level must`) still counts, and says so.
    static func requirementTotals(_ requirements: [RequirementResult], gate: Gate) -> String {
        Requirement.Level.allCases.compactMap { level -> String? in
            let ofLevel = requirements.filter { $0.requirement.level == level }
            guard !ofLevel.isEmpty else { return nil }
            let failed = ofLevel.filter { $0.verdict == .failed || $0.verdict == .warned }.count
            let errored = ofLevel.filter { $0.verdict == .errored }.count
            let notRun = ofLevel.filter { if case .notRun = $0.verdict { true } else { false } }.count
            let notJudged = ofLevel.filter(\.verdict.isNotJudged).count
            let untested = ofLevel.filter { $0.verdict.outcome.untestedReason != nil }.count
            var text = "\(failed) of \(ofLevel.count) \(level.rawValue) requirement\(ofLevel.count == 1 ? "" : "s") failed"
            if failed > 0, !gate.gates(level) { text += " (warnings: the run gates on MUST only)" }
            if errored > 0 { text += ", \(errored) could not be checked (errors)" }
            if notJudged > 0 { text += ", \(notJudged) not judged (a precondition failed)" }
            if notRun > 0 { text += ", \(notRun) not run" }
            if untested > 0 { text += ", \(untested) not fully tested (the adapter lacks a capability)" }
            let notApplicable = ofLevel.filter { if case .doesNotApply = $0.verdict { true } else { false } }.count
            if notApplicable > 0 { text += ", " + RunSummary.doNotApply(notApplicable) }
            return text
        }.joined(separator: "; ")
    }

    /// The rows in the order a reader acts on them: errors, failures, warnings and requirements not
    /// judged first, then the rest, each group in spec order.
    static func failuresFirst(_ requirements: [RequirementResult]) -> [RequirementResult] {
        let needsAction = requirements.filter { $0.verdict.severity >= Verdict.warned.severity || $0.verdict.isNotJudged }
        let rest = requirements.filter { $0.verdict.severity < Verdict.warned.severity && !$0.verdict.isNotJudged }
        return needsAction + rest
    }
}
