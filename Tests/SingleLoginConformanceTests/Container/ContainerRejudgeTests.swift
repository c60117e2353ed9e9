import Foundation
import SingleLoginTransport
import Testing
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginReports
import SingleLoginSpec
import SingleLoginTestSupport

/// A run that read the app's container re-judges from its transcript alone, as `verify` does: the
/// container's items travel in the events (`source: container`), and a file left after reset is
/// the run's to report.
@Suite("Container runs re-judged from their transcripts")
struct ContainerRejudgeTests {
    @Test(
        "the issues re-judging finds are the ones the run recorded, after a trip through JSON Lines", arguments: [ContainerAppBuild.walRow, .keepsFilesOnReset])
    func rejudged(build: ContainerAppBuild) async throws {
        let container = try TemporaryDirectory()
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-LOGOUT-3"]))) {
            InProcessAdapterProvider { ContainerAppAdapter(build: build, container: container.url) }
        }
        // Through the events file's encoding and back, as a bundle holds them.
        let events = try run.events.map { event -> Event in
            let line = try JSONEncoder().encode(EncodedEvent(event))
            return try #require(Event(decoding: try JSONDecoder().decode(EncodedEvent.self, from: line)))
        }
        let judge = TranscriptJudge(spec: spec.spec)
        var judged = 0
        for requirement in spec.spec.requirements where requirement.id == "SL-LOGOUT-3" {
            for scenario in requirement.scenarios {
                let id = TestCaseID(requirementID: requirement.id, scenarioName: scenario.name)
                var steps: [TranscriptJudge.ObservedStep] = [], calls: [BrokerCallRecord] = [], issues: [SingleLoginEvents.Issue] = []
                var outcome: TestCaseResult.Outcome?
                var step = -1
                for event in events {
                    switch event.kind {
                    case let .stepPerformed(caseID, index, _) where caseID == id: step = index
                    case let .brokerCalled(caseID, call) where caseID == id: calls.append(call)
                    case let .observed(caseID, observation, facts, _) where caseID == id:
                        steps.append(.init(index: step, observation: observation, facts: facts))
                    case let .issueRecorded(caseID, issue) where caseID == id: issues.append(issue)
                    case let .testCaseEnded(result) where result.id == id: outcome = result.outcome
                    default: break
                    }
                }
                let judgement = judge.judge(.init(id: id, steps: steps, calls: calls, issues: issues, outcome: outcome), scenario: scenario)
                #expect(judgement.problems.isEmpty, "\(id): \(judgement.problems)")
                #expect(judgement.issues == issues, "\(id): \(judgement.issues.map(\.message)) vs \(issues.map(\.message))")
                #expect(judgement.outcome == outcome)
                #expect(steps.contains { $0.observation.storage.contains { $0.source == .container } }, "the container's items are in the transcript")
                judged += 1
            }
        }
        #expect(judged > 0)
        #expect(run.results.contains { $0.outcome == .failed })
    }
}
