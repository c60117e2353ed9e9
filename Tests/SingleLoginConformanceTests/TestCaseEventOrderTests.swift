import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec
import Testing

@Suite("The order check of a test case's events refuses each departure from the documented order")
struct TestCaseEventOrderTests {
    static let first = TestCaseID(requirementID: "SL-LOGOUT-1", scenarioName: "signed out while running")
    static let second = TestCaseID(requirementID: "SL-LOGOUT-1", scenarioName: "signed out while suspended")
    static let requirement = RequirementSummary(id: "SL-LOGOUT-1", level: .must, title: "t", tags: [], references: [])

    static func started(_ id: TestCaseID = first) -> Event { Event(.testCaseStarted(id)) }
    static func step(_ index: Int, _ id: TestCaseID = first) -> Event { Event(.stepPerformed(id, index: index, description: "launch")) }
    static func observed(_ id: TestCaseID = first) -> Event {
        Event(.observed(id, Observation(running: true, signedInAccount: nil, screen: [], storage: [])))
    }
    static func issue(step: Int?, _ id: TestCaseID = first) -> Event {
        Event(.issueRecorded(id, Issue(severity: .failure, kind: .expectation(.noDataOf), message: "m", stepIndex: step)))
    }
    static func ended(_ id: TestCaseID = first) -> Event {
        Event(.testCaseEnded(TestCaseResult(id: id, requirement: requirement, outcome: .failed, duration: 0)))
    }

    @Test("the documented order passes: the reset's issue, two steps each observed, a step's issue, the scenario's own, the end")
    func documentedOrder() {
        let events = [
            Self.started(), Self.issue(step: nil), Self.step(0), Self.observed(), Self.issue(step: 0), Self.step(1), Self.observed(), Self.issue(step: nil),
            Self.ended(), Self.started(Self.second), Self.step(0, Self.second), Self.issue(step: 0, Self.second), Self.ended(Self.second),
        ]
        #expect(TestCaseEventOrder.violations(in: events) == [])
    }

    @Test(
        "each departure is named",
        arguments: [
            ([started(), observed(), ended()], "observed after reset"),
            ([started(), step(1), observed(), ended()], "stepPerformed(1) after reset"),
            ([started(), step(0), observed(), issue(step: nil), step(1), observed(), ended()], "stepPerformed(1) after ending"),
            ([started(), step(0), ended()], "testCaseEnded after stepping(0)"),
            ([started(), step(0), observed()], "no testCaseEnded (stopped observed(0))"),
            ([step(0), observed(), ended()], "stepPerformed(0) before testCaseStarted"),
            ([started(), started(second), ended(second), ended()], "its events are interleaved"),
        ])
    func departures(events: [Event], named: String) {
        let found = TestCaseEventOrder.violations(in: events)
        #expect(found.contains { $0.contains(named) }, "\(found)")
    }
}
