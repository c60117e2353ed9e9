import Foundation
import SingleLoginEvents
import SingleLoginSpec

/// A shields.io endpoint badge (`--badge FILE`): `single-login 9.0.0 | 29/29 MUST`, coloured by
/// the run's verdict, for a README to show the state of main
/// (`https://img.shields.io/endpoint?url=...` reads the file).
public struct ShieldsBadge: Hashable, Sendable, Encodable {
    /// The endpoint format's version: always 1.
    public var schemaVersion = 1
    /// The left part: the spec's id and version.
    public var label: String
    /// The right part: MUST requirements passed out of those that ran (and how many were waived or untested).
    public var message: String
    /// A shields.io colour name.
    public var color: String

    /// The badge of a run of `context`'s spec whose requirements ended with `requirements`, whose
    /// exit status is `status`, and whose failures of `waived` requirements were waived.
    ///
    /// Green: passed; yellow: passed with waivers, or with MUST requirements not fully tested (the
    /// adapter lacks a capability); red: requirement failures; grey: errors or an unfinished run. A
    /// MUST requirement that was skipped by selection is not counted; a waived or untested one is,
    /// and is not passed.
    public init(context: RunContext, requirements: [RequirementResult], status: ExitStatus, waived: [String] = []) {
        label = "\(context.specID) \(context.specVersion)"
        let must = requirements.filter { $0.requirement.level == .must }
        let waivedSet = Set(waived)
        let counted = must.filter { result in
            switch result.verdict {
            case .skipped: waivedSet.contains(result.requirement.id)
            case .doesNotApply: false
            case .passed, .warned, .failed, .errored, .notJudged, .waived, .untested, .notRun: true
            }
        }
        // A requirement with a waived case did not pass, whatever its other cases did.
        let passed = counted.filter { $0.verdict == .passed && !waivedSet.contains($0.requirement.id) }.count
        let waivedMust = counted.filter { waivedSet.contains($0.requirement.id) }.count
        let untestedMust = counted.filter { $0.verdict.outcome.untestedReason != nil }.count
        message = "\(passed)/\(counted.count) MUST" + (waivedMust > 0 ? ", \(waivedMust) waived" : "") + (untestedMust > 0 ? ", \(untestedMust) untested" : "")
        switch status {
        case .passed: color = waivedMust > 0 || untestedMust > 0 ? "yellow" : "brightgreen"
        case .requirementFailures: color = "red"
        case .adapterOrHarnessError, .usage, .invalidSpec, .noInput: color = "lightgrey"
        }
    }

    /// The badge of the run `record` gathered (such as `merge`'s joined event stream): its
    /// requirements' verdicts, its exit status under its gate, and the requirements whose failures
    /// were waived (their test cases skipped as waived).
    public init(_ record: RunRecord) {
        let results = record.orderedResults
        let waived = Set(results.filter { if case .waived = $0.outcome { true } else { false } }.map(\.id.requirementID))
        self.init(
            context: record.effectiveContext, requirements: record.orderedRequirementResults(of: results),
            status: ExitStatus(summary: record.summary ?? record.effectiveSummary, gate: record.gate), waived: waived.sorted())
    }

    /// The file's bytes: one JSON object, keys sorted, and a newline.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
