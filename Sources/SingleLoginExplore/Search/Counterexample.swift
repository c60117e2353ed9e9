import SingleLoginEvents
import SingleLoginSpec

/// A minimal history that violates a rule, as a complete spec: one requirement whose one
/// scenario is the history and whose checks are the violated rule's, ready to paste into a
/// catalogue. `validate` accepts it; `run --spec` fails on the app it was found on and passes
/// on the reference app (the explorer made sure of both before handing it out).
package struct Counterexample: Sendable {
    /// The violated rule.
    package var rule: Rule
    /// The shrunk history, without checks.
    package var history: Scenario
    /// The violation in the shrunk history.
    package var violation: Violation
    /// The seed of the run that found it.
    package var seed: UInt64
    /// The run's `--max-steps`: with the seed, what history numbers mean.
    package var maxSteps: Int
    /// The index of the history it was shrunk from (0-based).
    package var index: Int
    /// How many steps that history had.
    package var originalSteps: Int
    /// How many times the shrunk history was replayed and violated the rule the same way.
    package var confirmations: Int
    /// The result of running the counterexample spec on the app (it fails), with its transcript.
    package var result: TestCaseResult
    /// The events of that run, as `run --spec` would report them.
    package var events: [Event]

    /// The requirement's ID: `EX-ACCOUNT-1` for a violation of `EX-ACCOUNT`.
    package var requirementID: String { rule.rawValue + "-1" }

    /// The scenario: the history with the rule's checks where the rule found its violation.
    package var scenario: Scenario { Self.scenario(history, violation) }

    /// `history` with `violation`'s checks on its step (or at the end).
    package static func scenario(_ history: Scenario, _ violation: Violation) -> Scenario {
        var scenario = history
        scenario.name = "shrunk history"
        if let index = violation.stepIndex, scenario.steps.indices.contains(index) {
            scenario.steps[index].expect = violation.checks
        } else {
            scenario.expect = violation.checks
        }
        return scenario
    }

    /// The requirement: the rule's title and references, a rationale naming what it generalises and where it came from.
    package var requirement: Requirement {
        let step = violation.stepIndex.map { "after step \($0 + 1)" } ?? "at the end"
        let rationale =
            "Found by sl-conformance explore --seed \(seed) --max-steps \(maxSteps): history \(index + 1), shrunk from \(originalSteps) to \(history.steps.count) steps, "
            + "violates \(rule.rawValue) \(step) (replayed \(confirmations) times, the same each time). "
            + "The rule generalises \(rule.generalises.joined(separator: ", ")) to any history a shared device allows."
        return Requirement(
            id: requirementID, level: rule.level, title: rule.title, rationale: rationale, references: rule.references, tags: rule.tags, scenarios: [scenario])
    }

    /// The complete spec: the accounts the history names and the one requirement.
    package var spec: Spec {
        let used = Self.accountsNamed(in: scenario)
        return Spec(
            id: "explore-counterexample", version: "1.0.0", title: "A counterexample found by sl-conformance explore",
            accounts: ExploreAccounts.all.filter { used.contains($0.name) }, requirements: [requirement])
    }

    /// The spec as JSON (format v1).
    package var json: String { SpecWriter.json(spec) }

    /// The summary of the requirement, for events.
    package var summary: RequirementSummary { RequirementSummary(requirement) }

    /// Every account a scenario names (given, steps, answers, checks).
    static func accountsNamed(in scenario: Scenario) -> Set<String> {
        var names = Set<String>()
        names.formUnion(scenario.given.signedIn)
        if let user = scenario.given.userAtDevice { names.insert(user) }
        for step in scenario.steps {
            switch step.action {
            case .globalSignIn(let account), .switchUser(let account): names.insert(account)
            case .answerNext(_, .complete(let account?, _)): names.insert(account)
            default: break
            }
            for check in step.expect { if let account = account(of: check) { names.insert(account) } }
        }
        for check in scenario.expect { if let account = account(of: check) { names.insert(account) } }
        return names.isEmpty ? [ExploreAccounts.all[0].name] : names
    }

    private static func account(of check: Expectation) -> String? {
        switch check {
        case .signedIn(let account), .noDataOf(let account, _, _), .hasDataOf(let account, _): return account
        case .calls, .signedOut, .noErrorShown, .notCrashed, .noElement, .scopesCovered, .deviceSignedOut, .errorShown, .brokerEnabled: return nil
        }
    }
}
