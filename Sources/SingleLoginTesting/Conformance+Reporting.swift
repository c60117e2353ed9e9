extension Conformance {
    /// `SL-LOGOUT-1 (MUST) failed: <title>`, the scenario, then the console's evidence.
    static func issueText(_ check: RequirementCheck, _ scenario: ScenarioCheck) -> String {
        let verdict = scenario.outcome == .errored ? "errored" : "failed"
        let heading = check.level.isEmpty ? "\(check.id) \(verdict)" : "\(check.id) (\(check.level)) \(verdict): \(check.title)"
        let location = check.location.map { "\nspec: \($0)" } ?? ""
        return heading + "\nscenario: \(scenario.name)" + location + "\n" + scenario.evidence
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
