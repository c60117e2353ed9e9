import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec

extension Conformance {
    /// Whether any scenario of `requirementID` runs on this conformance's adapter: false when each
    /// one holds an answer and the adapter does not declare `concurrentCalls`, or is about device
    /// surfaces that the app declares it does not have. Makes one adapter, to read its identity; an
    /// ID the spec does not hold applies (its check reports the ID).
    ///
    /// Generated tests ask it in a condition trait, so that a requirement that cannot apply is
    /// skipped before it runs, the way every test runner and `--xunit-output` show a skip:
    ///
    ///     @Test(.enabled(if: Tests.conformance.applies("SL-INFLIGHT-1"), "...")) func `SL-INFLIGHT-1`() async { ... }
    public func applies(_ requirementID: String) -> Bool {
        guard let requirement = spec.loaded.spec.requirements.first(where: { $0.id == requirementID }) else { return true }
        let identity = makeAdapter().identity
        return requirement.scenarios.contains { scenario in
            identity.canPlay(scenario) && TestCaseResult.Outcome.notApplicable(about: scenario.deviceSurfaces, declared: identity.surfaces) == nil
        }
    }
}
