import Foundation
import SingleLoginTransport
import Synchronization
import Testing
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec

@Suite("A step judge watches a scenario step by step, with the runner's own evaluator")
struct StepJudgeTests {
    @Test("it sees each step's calls, broadcasts, device and observations, and its checks decide the outcome")
    func judged() async throws {
        let spec = try TestSupport.shippedSpec().spec
        let scenario = Scenario(name: "judged", given: Given(signedIn: "alice"), steps: [Step(.app(.launch)), Step(.globalSignOut)], expect: [])
        let judge = RecordingJudge()
        let runner = ScenarioRunner(spec: spec, provider: InProcessAdapterProvider { ReferenceAppAdapter() })
        let requirement = RequirementSummary(id: "T-1", level: .must, title: "t", tags: [], references: [])
        let result = await runner.run(scenario, id: TestCaseID(requirementID: "T-1", scenarioName: "judged"), requirement: requirement, judge: judge)
        // After the launch alice is signed in, so the judge's signedOut fails there; after the sign-out it holds.
        #expect(result.outcome == .failed)
        #expect(result.issues.map(\.stepIndex) == [0])
        let seen = await judge.seen
        #expect(seen.count == 3)
        #expect(
            seen[0].index == 0 && seen[0].calls.contains(.acquireTokenSilent) && seen[0].broadcasts == 0 && seen[0].device == ["alice"] && seen[0].before == nil
                && seen[0].after != nil)
        #expect(
            seen[1].index == 1 && seen[1].calls == [.getCurrentAccount] && seen[1].broadcasts == 1 && seen[1].device.isEmpty && seen[1].before != nil
                && seen[1].after == nil)
        #expect(seen[2].index == nil && seen[2].calls.count == seen[0].calls.count + 1)
        // Without a judge the same scenario passes: it writes no checks.
        #expect(await runner.run(scenario, id: TestCaseID(requirementID: "T-1", scenarioName: "judged"), requirement: requirement).outcome == .passed)
    }
}
