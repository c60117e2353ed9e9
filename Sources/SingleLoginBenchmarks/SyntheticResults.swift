import Foundation
import SingleLoginAdapter
import SingleLoginSpec
import SingleLoginEvents

/// A large synthetic run, as events, for measuring report writers without running anything.
///
/// Test case `i` belongs to requirement `SL-GEN-<i/10>` and is named `scenario <i%10>`; every
/// 50th fails with one issue, the rest pass; each carries a three-call broker transcript.
package enum SyntheticResults {
    /// The events of a finished run with `count` test cases: runStarted, testCaseEnded for each, runEnded.
    package static func events(count: Int) -> [Event] {
        var events: [Event] = []
        events.reserveCapacity(count + 2)
        forEachEvent(count: count) { events.append($0) }
        return events
    }

    /// The same events, made one at a time and handed to `body` as they are made, as a runner
    /// hands them to recorders: only the plan (which `runStarted` carries) exists all at once.
    package static func forEachEvent(count: Int, _ body: (Event) -> Void) {
        let date = Date(timeIntervalSince1970: 1_740_821_400)
        let context = RunContext(
            specID: "generated-benchmark", specVersion: "1.0.0", specTitle: "Generated run", specSHA256: String(repeating: "0", count: 64),
            harnessVersion: HarnessVersion.current, adapter: nil, hostname: "benchmark", startDate: date)
        let issue = Issue(
            severity: .failure, kind: .expectation(.signedOut), message: "the app still considers alice signed in", stepIndex: 1, expected: "signed in: nobody",
            observed: "signed in: alice")
        let transcript = [
            BrokerCallRecord(sequence: 1, stepIndex: 0, call: .getDeviceInformation, answer: .result(.deviceInformation(mode: .shared))),
            BrokerCallRecord(
                sequence: 2, stepIndex: 0, call: .getCurrentAccount,
                answer: .result(.currentAccount(.init(username: "alice", identifier: nil), previous: nil))),
            BrokerCallRecord(
                sequence: 3, stepIndex: 0, call: .acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read"], accountIdentifier: "alice")),
                answer: .result(.token(.init(user: "alice", session: 1, issuance: 1, scopes: ["User.Read"])))),
        ]
        func requirement(_ index: Int) -> RequirementSummary {
            RequirementSummary(id: "SL-GEN-\(index / 10)", level: .must, title: "Generated requirement", tags: ["generated"], references: [])
        }
        func id(_ index: Int) -> TestCaseID { TestCaseID(requirementID: "SL-GEN-\(index / 10)", scenarioName: "scenario \(index % 10)") }
        var plan: [PlannedTestCase] = []
        plan.reserveCapacity(count)
        for index in 0..<count { plan.append(PlannedTestCase(id: id(index), requirement: requirement(index))) }
        body(Event(.runStarted(context, plan: plan), date: date))
        var summary = RunSummary(duration: Double(count) / 1000, interrupted: false)
        for index in 0..<count {
            let failed = index % 50 == 0
            let result = TestCaseResult(
                id: plan[index].id, requirement: plan[index].requirement, outcome: failed ? .failed : .passed, duration: Double(index % 1000) / 1000,
                issues: failed ? [issue] : [], transcript: transcript)
            if failed { summary.failedMust += 1 } else { summary.passed += 1 }
            body(Event(.testCaseEnded(result), date: date))
        }
        body(Event(.runEnded(summary), date: date))
    }
}
