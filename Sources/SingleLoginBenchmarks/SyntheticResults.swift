import Foundation
import SingleLoginAdapter
import SingleLoginSpec
import SingleLoginEvents

/// A large synthetic run, as events, for measuring report writers without running anything.
///
/// Test case `i` belongs to requirement `SL-GEN-<i/10>` and is named `scenario <i%10>`; every
/// 50th fails with one issue, the rest pass; each carries a three-call broker transcript.
public enum SyntheticResults {
    /// The events of a finished run with `count` test cases: runStarted, testCaseEnded for each, runEnded.
    public static func events(count: Int) -> [Event] {
        let date = Date(timeIntervalSince1970: 1_740_821_400)
        let context = RunContext(specID: "generated-benchmark", specVersion: "1.0.0", specTitle: "Generated run", specSHA256: String(repeating: "0", count: 64), harnessVersion: HarnessVersion.current, adapter: nil, hostname: "benchmark", startDate: date)
        let issue = Issue(kind: .failure, type: "expectation.signedOut", message: "the app still considers alice signed in", stepIndex: 1, expected: "signed in: nobody", observed: "signed in: alice")
        let transcript = [
            BrokerCallRecord(sequence: 1, stepIndex: 0, method: .getDeviceInformation, parameters: "", answer: "deviceMode: shared", failed: false),
            BrokerCallRecord(sequence: 2, stepIndex: 0, method: .getCurrentAccount, parameters: "", answer: "account: alice, previous: nil", failed: false),
            BrokerCallRecord(sequence: 3, stepIndex: 0, method: .acquireTokenSilent, parameters: "scopes: User.Read", answer: "token for alice", failed: false, scopes: ["User.Read"]),
        ]
        var plan: [PlannedTestCase] = []
        var results: [TestCaseResult] = []
        plan.reserveCapacity(count)
        results.reserveCapacity(count)
        var requirement = RequirementSummary(id: "SL-GEN-0", level: .must, title: "Generated requirement", tags: ["generated"], references: [])
        for index in 0..<count {
            if index % 10 == 0 { requirement.id = "SL-GEN-\(index / 10)" }
            let id = TestCaseID(requirementID: requirement.id, scenarioName: "scenario \(index % 10)")
            let failed = index % 50 == 0
            plan.append(PlannedTestCase(id: id, requirement: requirement))
            results.append(TestCaseResult(id: id, requirement: requirement, outcome: failed ? .failed : .passed, duration: Double(index % 1000) / 1000, issues: failed ? [issue] : [], transcript: transcript))
        }
        var events = [Event(.runStarted(context, plan: plan), date: date)]
        events.reserveCapacity(count + 2)
        for result in results { events.append(Event(.testCaseEnded(result), date: date)) }
        events.append(Event(.runEnded(RunSummary(results: results, duration: Double(count) / 1000, interrupted: false)), date: date))
        return events
    }
}
