import SingleLoginSpec

extension Conformance {
    /// What a test reports for `check`: one text per scenario that did not pass, and whether it is
    /// only a warning (a SHOULD failure, or a SHOULD scenario not judged, under ``Gate/mustOnly``;
    /// an error never is). A scenario not judged is reported as a failure is: it is never a pass.
    func reports(for check: RequirementCheck) -> [(text: String, isWarning: Bool)] {
        let warns = check.level.map { !gate.gates($0) } ?? false
        return check.scenarios.compactMap { scenario in
            switch scenario.outcome {
            case .passed, .waived, .skipped: return nil
            case .failed: return (Self.issueText(check, scenario, warning: warns), warns)
            case .errored: return (Self.issueText(check, scenario), false)
            case .notJudged: return (Self.issueText(check, scenario, warning: warns), warns)
            }
        }
    }

    /// `SL-INFLIGHT-1 skipped: <reason>` when none of the requirement's scenarios ran (not run, or
    /// not applicable to the app), so that its test says nothing was verified; nil when any ran.
    static func skipText(_ check: RequirementCheck) -> String? {
        guard case .skipped(let reason) = check.outcome else { return nil }
        return "\(check.id) skipped: \(reason)"
    }

    /// `SL-LOGOUT-2: 1 of 3 scenarios not run, so it passed in part: <scenario>: <reason>` for a
    /// requirement that passed with scenarios that did not run (the adapter could not play them);
    /// nil otherwise.
    package static func partText(_ check: RequirementCheck) -> String? {
        guard check.outcome == .passed else { return nil }
        let notRun = check.scenarios.compactMap { scenario -> String? in
            guard case .skipped(let reason) = scenario.outcome else { return nil }
            return "\(scenario.name): \(reason)"
        }
        guard !notRun.isEmpty else { return nil }
        let count = "\(notRun.count) of \(check.scenarios.count) scenario\(check.scenarios.count == 1 ? "" : "s")"
        return "\(check.id): \(count) not run, so it passed in part: " + notRun.joined(separator: "; ")
    }

    /// `SL-LOGOUT-1 (MUST) failed: <title>` (or `not judged (blocked by SL-SWITCH-3)`), the scenario,
    /// then the console's evidence; a warning says so first.
    static func issueText(_ check: RequirementCheck, _ scenario: ScenarioCheck, warning: Bool = false) -> String {
        let gateNote = warning ? " (a warning: the tests gate on MUST only)" : ""
        let verdict: String
        var blocked = ""
        switch scenario.outcome {
        case .errored: verdict = "errored"
        case .notJudged(let owner, let reason):
            verdict = "not judged (blocked by \(owner))" + gateNote
            // The owner's own test is beside this one: it fails for the same defect, or it passes
            // because none of its scenarios reaches this state, and then this evidence is the one.
            blocked =
                "\nblocked by \(owner): \(reason); \(owner) owns that behaviour: fix it first where its own test fails; where it passes, none of its scenarios reaches this state, and the evidence below shows what failed"
        default: verdict = "failed" + gateNote
        }
        let heading = check.level.map { "\(check.id) (\($0.rawValue)) \(verdict): \(check.title)" } ?? "\(check.id) \(verdict)"
        let location = check.location.map { "\nspec: \($0)" } ?? ""
        return heading + "\nscenario: \(scenario.name)" + blocked + location + "\n" + scenario.evidence
    }

    /// What is wrong with generated tests for `requirementIDs`, or nil when they are the spec's.
    func generatedTestsProblem(_ requirementIDs: [String], regenerate command: String) -> String? {
        let expected = spec.requirementIDs
        guard requirementIDs != expected else { return nil }
        let missing = expected.filter { !requirementIDs.contains($0) }
        let stale = requirementIDs.filter { !expected.contains($0) }
        var lines = ["The generated conformance tests do not match \(spec.id) \(spec.version) (\(spec.origin)):"]
        if !missing.isEmpty { lines.append("  not tested: \(missing.joined(separator: ", "))") }
        if !stale.isEmpty { lines.append("  no longer in the spec: \(stale.joined(separator: ", "))") }
        if missing.isEmpty && stale.isEmpty { lines.append("  the requirements are in another order") }
        lines.append("Regenerate the file with:\n  \(command)")
        return lines.joined(separator: "\n")
    }
}
