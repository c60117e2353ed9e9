import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport
import Synchronization
import Testing

/// The reference app, crashing when it handles its Nth broadcast (the outside engineer's x1 probe: the second).
final class CrashesOnSecondBroadcastAdapter: ConformanceAdapter {
    let inner = ReferenceAppAdapter()
    let broadcasts = Mutex(0)
    let crashAt: Int
    var identity: AdapterIdentity { inner.identity }

    init(crashAt: Int = 2) { self.crashAt = crashAt }

    func reset(environment: AppEnvironment) async throws {
        broadcasts.withLock { $0 = 0 }
        try await inner.reset(environment: environment)
    }

    func handle(_ event: AppEvent) async throws -> Observation {
        if event == .accountChangedBroadcast,
            broadcasts.withLock({
                $0 += 1; return $0
            }) == crashAt
        {
            return Observation(running: false, crashed: true, signedInAccount: nil, screen: [], storage: [])
        }
        return try await inner.handle(event)
    }

    func observe() async throws -> Observation { try await inner.observe() }
}

@Suite("An app's faults read as the app's failures, with evidence that names what happened")
struct AppFaultEvidenceTests {
    @Test("a crash while a step's broadcast is delivered says so, not that the step itself crashed")
    func crashDuringBroadcast() async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-SWITCH-2", "SL-BROADCAST-2"]))) {
            InProcessAdapterProvider { CrashesOnSecondBroadcastAdapter() }
        }
        let switched = try #require(run.results.first { $0.id.requirementID == "SL-SWITCH-2" })
        let crash = try #require(switched.issues.first { $0.type == "app.crashed" })
        #expect(switched.outcome == .failed)
        #expect(crash.message == "the app crashed during the broadcast after step 3 'switchUser alice'")
        let burst = try #require(run.results.first { $0.id.scenarioName == "burst without change" })
        #expect(burst.issues.first { $0.type == "app.crashed" }?.message == "the app crashed during the broadcast after step 2 'broadcast x5'")
    }

    @Test("a crash in a step marked startingPoint is that starting point not reached: not judged, blocked by the requirement that covers it")
    func crashAtStartingPoint() async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-SWITCH-1", "SL-LOGOUT-5"]))) {
            InProcessAdapterProvider { CrashesOnSecondBroadcastAdapter(crashAt: 1) }
        }
        // SL-SWITCH-1's own user change crashes: its failure. SL-LOGOUT-5 reaches the same user change as its starting point.
        let own = try #require(run.results.first { $0.id.scenarioName == "alice to bob" })
        #expect(own.issues.map(\.type) == ["app.crashed"])
        let later = try #require(run.results.first { $0.id.requirementID == "SL-LOGOUT-5" })
        let issue = try #require(later.issues.first)
        #expect(later.issues.count == 1 && issue.type == "precondition.unmet")
        #expect(issue.message == "at step 2 'switchUser bob': the app crashed during the broadcast after step 2 'switchUser bob'")
        #expect(later.outcome == .notJudged(Blocker(requirementID: "SL-SWITCH-1", reason: issue.message)))
    }

    @Test("a calls check counting the broadcasts' calls lists only those it counted")
    func broadcastEvidenceListsCountedCalls() async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(only: ["SL-BROADCAST-3"]))) {
            // Two resources: the sign-in step itself makes a silent call too (for the second resource).
            InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.rebuildsOnOwnSignInBroadcast], options: [.twoResources]) }
        }
        let result = try #require(run.results.first { $0.outcome == .failed })
        let issue = try #require(result.issues.first { $0.type == "expectation.calls" && $0.message.contains("acquireTokenSilent") })
        let listed = issue.observed.split(separator: "\n").dropFirst()
        #expect(issue.message.hasSuffix("the app made \(listed.count)"))
        #expect(!listed.isEmpty)
        #expect(listed.allSatisfy { $0.hasSuffix("(broadcast)") && $0.contains("acquireTokenSilent(") }, "\(issue.observed)")
        // The step's own silent call is in the transcript, not in this check's evidence.
        let own = try #require(result.transcript.first { $0.method == .acquireTokenSilent && $0.phase == .step && $0.stepIndex == 1 })
        #expect(!issue.observed.contains(own.line))
    }
}
