import Foundation
import SingleLoginAdapter
import SingleLoginEvents
@testable import SingleLoginExplore
import SingleLoginSpec
import Testing

/// When explore ends in an error (a violation no replay repeats, or an adapter that broke), its
/// report shows the history, step by step, with the error at its step, as a run's failure does.
@Suite("Explore's errors show the history they happened in")
struct ExploreErrorReportTests {
    static let history = Scenario(
        name: "random history", given: Given(signedIn: "alice"),
        steps: [Step(.app(.launch)), Step(.globalSignOut), Step(.app(.launch)), Step(.app(.refresh))], expect: [])

    static func result() -> ExploreResult {
        var result = ExploreResult(seed: 42)
        result.rules = Rule.allCases
        result.runs = 4840
        return result
    }

    @Test("a violation no replay repeated: the steps numbered, what it found once at its step, and no output block that is not the app's")
    func notReproducible() {
        var result = Self.result()
        let hang = Issue(severity: .failure, kind: .appHung, message: "the app did not settle within 5 s after 'launch'", stepIndex: 2)
        let violation = Violation(rule: .crash, stepIndex: 2, checks: [.notCrashed], issues: [hang])
        result.finding = ExploreResult.Finding(index: 4325, history: Self.history, violation: violation, seconds: 67.8)
        result.notReproducible = ExploreResult.NotReproducible(
            reason: "the shrunk history violated EX-CRASH once but not on replay 1 of 5: the app or its adapter is not deterministic",
            history: Self.history, violation: violation)
        let console = ExploreLateCallTests.console(
            ExploreEvents.events(for: result, options: ExploreOptions(seed: 42, runs: 5000), gate: .mustAndShould, startDate: Date()))
        #expect(console.contains("  steps:\n    1. launch\n    2. globalSignOut\n    3. launch  <- error here\n    4. refresh\n"), "\(console)")
        #expect(
            console.contains(
                "after step 3: the shrunk history violated EX-CRASH once but not on replay 1 of 5: the app or its adapter is not deterministic (given: signedIn alice); what it found once: the app did not settle within 5 s after 'launch' [explore.notReproducible]"
            ), "\(console)")
        #expect(!console.contains("(last lines)"), "\(console)")
    }

    @Test("an adapter that broke: the steps up to the one it broke in, the calls under their steps, and the adapter's output")
    func stopped() {
        var result = Self.result()
        let timeout = Issue(
            severity: .error, kind: .adapter(.timeout), message: "no answer to 'settle' within 10.0 s", stepIndex: 1, observed: "taskboard: settling")
        let calls = [
            BrokerCallRecord(sequence: 1, stepIndex: 0, call: .getDeviceInformation, answer: .result(.deviceInformation(mode: .shared))),
            BrokerCallRecord(sequence: 2, stepIndex: 1, call: .getCurrentAccount, answer: .result(.currentAccount(nil, previous: nil)), phase: .broadcasts),
        ]
        let broken = TestCaseResult(
            id: TestCaseID(requirementID: "", scenarioName: ""), requirement: HistoryPlayer.requirement, outcome: .errored,
            duration: 0, issues: [timeout], transcript: calls)
        result.failure = ExploreResult.Failure(index: 1316, history: Self.history, issue: timeout, result: broken)
        let console = ExploreLateCallTests.console(
            ExploreEvents.events(for: result, options: ExploreOptions(seed: 1, runs: 10_000), gate: .mustAndShould, startDate: Date()))
        #expect(console.contains("  steps:\n    1. launch\n    2. globalSignOut  <- error here\n  after step 2:"), "\(console)")
        #expect(console.contains("exploring stopped at history 1317 (given: signedIn alice): no answer to 'settle' within 10.0 s"), "\(console)")
        #expect(console.contains("    step 1 launch\n      #1 getDeviceInformation()"), "\(console)")
        #expect(console.contains("taskboard: settling"), "\(console)")
    }

    @Test("the rules' test case times add up to the exploration's time, shrinking charged to the rule it shrank for")
    func timesAddUp() throws {
        var result = Self.result()
        result.exploreSeconds = 17
        result.shrinkSeconds = 3
        let hang = Issue(severity: .failure, kind: .appHung, message: "hung", stepIndex: 2)
        result.notReproducible = ExploreResult.NotReproducible(
            reason: "not on replay", history: Self.history, violation: Violation(rule: .crash, stepIndex: 2, checks: [.notCrashed], issues: [hang]))
        let events = ExploreEvents.events(for: result, options: ExploreOptions(seed: 42, runs: 5000), gate: .mustAndShould, startDate: Date())
        let durations = Dictionary(
            uniqueKeysWithValues: events.compactMap { event -> (String, Double)? in
                if case let .testCaseEnded(testCase) = event.kind { (testCase.id.requirementID, testCase.duration) } else { nil }
            })
        #expect(durations.count == Rule.allCases.count)
        #expect(abs(durations.values.reduce(0, +) - 20) < 1e-9, "\(durations)")
        let share = 17 / Double(Rule.allCases.count)
        #expect(abs(try #require(durations[Rule.crash.rawValue]) - (share + 3)) < 1e-9)
        #expect(durations.filter { $0.key != Rule.crash.rawValue }.values.allSatisfy { abs($0 - share) < 1e-9 })
    }
}
