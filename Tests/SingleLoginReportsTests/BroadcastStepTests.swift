import Foundation
import Testing
@testable import SingleLoginReports
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginTestSupport

/// A step after which the app was given the account-change broadcast says so in every report, so
/// that a broadcast the app ignored reads as one: `step 2 switchUser bob, then the account-change
/// broadcast (no calls)`, not `step 2 switchUser bob (no calls)`.
@Suite("A step's delivered broadcasts are recorded in the event stream and shown in every report")
struct BroadcastStepTests {
    static let requirement = RequirementSummary(id: "SL-SWITCH-1", level: .must, title: "The user changes.", tags: [], references: [])
    static let id = TestCaseID(requirementID: requirement.id, scenarioName: "alice to bob")
    static let shown = Observation(running: true, signedInAccount: "alice", screen: [ScreenElement(.text, "Alice Adams")], storage: [])

    /// The launch's account check.
    static let check = BrokerCallRecord(sequence: 1, stepIndex: 0, call: .getCurrentAccount, answer: .result(.removedFromAppCache))

    /// A failed case: launched (no broadcast), then the user changed and the broadcast was
    /// delivered, and the app made no call and still shows alice.
    static var events: [Event] {
        var result = TestCaseResult(id: id, requirement: requirement, outcome: .failed, duration: 0.1, transcript: [check])
        result.issues = [
            Issue(
                severity: .failure, kind: .expectation(.signedIn), message: "the app does not consider bob signed in", stepIndex: 1,
                expected: "signedInAccount: bob", observed: "signedInAccount: alice")
        ]
        var events = SyntheticRun.events(of: [result], requirements: [requirement])
        let ended = events.firstIndex { if case .testCaseEnded = $0.kind { true } else { false } }!
        events.insert(
            contentsOf: [
                Event(.testCaseStarted(id)),
                Event(.stepPerformed(id, index: 0, description: "launch")),
                Event(.brokerCalled(id, check)),
                Event(.observed(id, shown, broadcastsDelivered: 0)),
                Event(.stepPerformed(id, index: 1, description: "switchUser bob")),
                Event(.observed(id, shown, broadcastsDelivered: 1)),
            ], at: ended)
        return events
    }

    @Test("the console, summary.md and JUnit show the broadcast under its step, and a step without one as before")
    func reports() throws {
        for (format, text) in try FailureStepsTests.failureTexts(of: Self.events, requirementID: Self.requirement.id) {
            #expect(text.contains("step 2 switchUser bob, then the account-change broadcast (no calls)"), "\(format):\n\(text)")
            #expect(text.contains("2. switchUser bob, then the account-change broadcast  <- failed here"), "\(format):\n\(text)")
            #expect(text.contains("step 1 launch\n"), "\(format):\n\(text)")
        }
    }

    @Test("two broadcasts are counted; a device pass's observation, with none recorded, adds nothing")
    func counts() {
        var steps = StepDescriptions()
        for event in [
            Event(.stepPerformed(Self.id, index: 0, description: "broadcast")), Event(.observed(Self.id, Self.shown, broadcastsDelivered: 2)),
            Event(.stepPerformed(Self.id, index: 1, description: "resume")), Event(.observed(Self.id, Self.shown)),
        ] {
            steps.take(event)
        }
        #expect(steps.byTestCase[Self.id] == [0: "broadcast, then 2 account-change broadcasts", 1: "resume"])
    }

    @Test("the event stream carries broadcastsDelivered on observed, and a stream without it reads as not recorded")
    func stream() throws {
        let line = JSONLinesRecorder.line(for: Event(.observed(Self.id, Self.shown, broadcastsDelivered: 1), date: SyntheticRun.start))
        #expect(String(decoding: line, as: UTF8.self).contains("\"broadcastsDelivered\":1"))
        let read = try EventStreamReader.events(in: line, path: "events.jsonl")
        guard case let .observed(_, _, _, delivered) = try #require(read.first).kind else {
            Issue.record("not an observation: \(read)")
            return
        }
        #expect(delivered == 1)
        let older = JSONLinesRecorder.line(for: Event(.observed(Self.id, Self.shown), date: SyntheticRun.start))
        #expect(!String(decoding: older, as: UTF8.self).contains("broadcastsDelivered"))
        guard case let .observed(_, _, _, none) = try #require(try EventStreamReader.events(in: older, path: "events.jsonl").first).kind else {
            Issue.record("not an observation")
            return
        }
        #expect(none == nil)
    }
}
