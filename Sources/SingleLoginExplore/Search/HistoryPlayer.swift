import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport

/// Plays histories against one adapter, each from a fresh install, watched by a fresh ``Oracle``.
package struct HistoryPlayer: Sendable {
    private let provider: any AdapterProvider
    private let rules: Set<Rule>
    private let accounts: [AccountDefinition]

    /// The requirement explored histories are reported under while they run.
    static let requirement = RequirementSummary(id: "EX-HISTORY", level: .must, title: "an explored history", tags: ["explore"], references: [])

    /// The provider's thread, which a job playing histories prefers.
    let taskExecutor: SessionExecutor?

    /// Creates a player on `provider`'s adapter, judging `rules`, within the provider's scenario timeout.
    package init(provider: any AdapterProvider, rules: Set<Rule> = Set(Rule.allCases), accounts: [AccountDefinition] = ExploreAccounts.all) {
        self.provider = provider
        taskExecutor = provider.taskExecutor
        self.rules = rules
        self.accounts = accounts
    }

    /// Plays `history` with the oracle watching.
    package func play(_ history: Scenario, handler: (Event) -> Void = { _ in }) async -> HistoryOutcome {
        let accounts = self.accounts(of: history)
        let oracle = Oracle(history: history, rules: rules, accounts: accounts)
        let result = await runner(accounts).run(
            history, id: TestCaseID(requirementID: Self.requirement.id, scenarioName: history.name), requirement: Self.requirement, judge: oracle,
            handler: handler)
        var violations = await oracle.found()
        // A hang is a crash on a device (iOS's watchdog ends the app), and the run judges it a failure too.
        if rules.contains(.crash), let crash = result.issues.first(where: \.kind.isAppFault) {
            violations.append(Violation(rule: .crash, stepIndex: crash.stepIndex, checks: [.notCrashed], issues: [crash]))
        }
        let error = result.outcome == .errored ? result.issues.first { $0.severity == .error } : nil
        return HistoryOutcome(violations: error == nil ? violations : [], error: error, result: result, judgements: await oracle.judgements())
    }

    /// Plays `scenario` as a spec's test case with its own checks only (no oracle): how `run --spec` would judge it.
    package func check(_ scenario: Scenario, as requirement: RequirementSummary, handler: (Event) -> Void = { _ in }) async -> TestCaseResult {
        await runner(accounts(of: scenario)).run(
            scenario, id: TestCaseID(requirementID: requirement.id, scenarioName: scenario.name), requirement: requirement, handler: handler)
    }

    /// The accounts `history` names, as its counterexample's spec holds them: a name is no marker
    /// of a user only where the history has their namesake too, as in the catalogue.
    private func accounts(of history: Scenario) -> [AccountDefinition] {
        let named = Counterexample.accountsNamed(in: history)
        return accounts.filter { named.contains($0.name) }
    }

    private func runner(_ accounts: [AccountDefinition]) -> ScenarioRunner {
        var spec = ExploreAccounts.spec
        spec.accounts = accounts
        return ScenarioRunner(spec: spec, provider: provider)
    }
}
