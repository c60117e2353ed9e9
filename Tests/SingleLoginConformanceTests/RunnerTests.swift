import Foundation
import SingleLoginTransport
import Testing
import ReferenceApp
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec

@Suite("Planning, selection, sharding and jobs")
struct RunnerTests {
    @Test("shards partition the plan: every test case in exactly one shard, deterministically", arguments: [1, 2, 3, 5, 40])
    func shardsPartition(count: Int) throws {
        let spec = try TestSupport.shippedSpec().spec
        let all = RunSelection().plan(for: spec).map(\.0.id)
        var seen: [TestCaseID] = []
        for index in 1...count {
            let shard = RunSelection(shard: .init(index: index, count: count)).plan(for: spec).map(\.0.id)
            #expect(shard == RunSelection(shard: .init(index: index, count: count)).plan(for: spec).map(\.0.id))
            seen += shard
        }
        #expect(seen.count == all.count)
        #expect(Set(seen) == Set(all))
    }

    @Test("only and skip select by ID or tag; the rest is skipped with a reason that names the selection")
    func onlyAndSkip() throws {
        let spec = try TestSupport.shippedSpec().spec
        let plan = RunSelection(only: ["logout"], skip: ["SL-LOGOUT-3", "interactive"]).plan(for: spec)
        let running = plan.filter { $0.0.skipReason == nil }.map(\.0.id.requirementID)
        #expect(Set(running) == ["SL-LOGOUT-1", "SL-LOGOUT-2", "SL-LOGOUT-4", "SL-LOGOUT-5"])
        let skipped = plan.first { $0.0.id.requirementID == "SL-LOGOUT-3" }?.0.skipReason
        #expect(skipped == "skipped (skip: SL-LOGOUT-3)")
        #expect(plan.first { $0.0.id.requirementID == "SL-LOGIN-1" }?.0.skipReason == "not selected (only: logout)")
        #expect(RunSelection(only: ["logut"]).unknownNames(in: spec) == ["logut"])
    }

    @Test("an empty shard runs nothing and passes")
    func emptyShardPasses() async throws {
        let spec = try TestSupport.shippedSpec()
        // One shard more than there are test cases: the last one is empty.
        let shards = spec.spec.requirements.reduce(0) { $0 + $1.scenarios.count } + 1
        let run = await TestSupport.run(spec, options: .init(selection: RunSelection(shard: .init(index: shards, count: shards)))) {
            InProcessAdapterProvider { ReferenceAppAdapter() }
        }
        #expect(run.results.isEmpty)
        #expect(ExitStatus(summary: run.summary, gate: .mustAndShould) == .passed)
    }

    @Test("several jobs give the same events, in the same order, as one")
    func jobsKeepOrder() async throws {
        let spec = try TestSupport.shippedSpec()
        func shape(_ events: [Event]) -> [String] {
            events.map { event in
                switch event.kind {
                case .runStarted(_, let plan): return "runStarted \(plan.count)"
                case .adapterIdentified(let identity): return "adapter \(identity.adapterName)"
                case .requirementStarted(let requirement): return "requirement \(requirement.id)"
                case .requirementEnded(let result): return "requirement ended \(result.requirement.id) \(result.verdict)"
                case .testCaseStarted(let id): return "started \(id)"
                case .stepPerformed(let id, let index, let description): return "step \(id) \(index) \(description)"
                case .brokerCalled(let id, let call): return "call \(id) \(call.sequence) \(call.method.rawValue) \(call.failed)"
                case .observed(let id, let observation, _, _): return "observed \(id) \(observation.screen.count) \(observation.storage.count)"
                case .issueRecorded(let id, let issue): return "issue \(id) \(issue.message)"
                case .adapterUnavailable(let unavailability): return "adapter unavailable \(unavailability.type)"
                case .testCaseEnded(let result): return "ended \(result.id) \(result.outcome)"
                case .runEnded(let summary): return "runEnded \(summary.passed) \(summary.failedMust) \(summary.failedShould)"
                }
            }
        }
        let one = await TestSupport.run(spec, options: .init(jobs: 1)) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.ignoresBroadcast]) } }
        let four = await TestSupport.run(spec, options: .init(jobs: 4)) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.ignoresBroadcast]) } }
        #expect(shape(one.events) == shape(four.events))
    }

    @Test("each requirement's test cases are bracketed by its start and end, with the verdict aggregated")
    func requirementEvents() async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(jobs: 2)) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.skipsCheckOnResume]) } }
        var open: String?
        var ended: [String: Verdict] = [:]
        for event in run.events {
            switch event.kind {
            case .requirementStarted(let requirement):
                #expect(open == nil)
                open = requirement.id
            case .testCaseEnded(let result):
                #expect(result.id.requirementID == open)
            case .requirementEnded(let result):
                #expect(result.requirement.id == open)
                ended[result.requirement.id] = result.verdict
                open = nil
            default: break
            }
        }
        #expect(ended.count == spec.spec.requirements.count)
        // SL-LOGOUT-2 has two scenarios; only the suspended one fails, so the requirement fails.
        #expect(ended["SL-LOGOUT-2"] == .failed)
        #expect(Set(ended.filter { $0.value == .failed }.keys) == ["SL-LOGIN-7", "SL-LOGOUT-2", "SL-SWITCH-3", "SL-INTERACTIVE-1", "SL-INTERACTIVE-2"])
        // The surfaces' user change while suspended presumes SL-SWITCH-3: not judged, blocked by it, never passed.
        let blocked = ended.filter { if case .notJudged(let blocker) = $0.value { blocker.requirementID == "SL-SWITCH-3" } else { false } }
        #expect(Set(blocked.keys) == ["SL-NOTIFY-1", "SL-SPOTLIGHT-1", "SL-PASTEBOARD-1", "SL-WIDGET-1", "SL-ACTIVITY-1", "SL-INFLIGHT-1"])
        #expect(ended.count == 5 + blocked.count + ended.filter { $0.value == .passed }.count)
    }

    @Test("under a MUST-only gate a SHOULD failure ends its requirement as warned, a MUST failure as failed; the context carries the gate")
    func gateInVerdicts() async throws {
        let spec = try TestSupport.shippedSpec()
        let flaws: Set<ReferenceAppFlaw> = [.wipesOnUnchangedBroadcast, .skipsCheckOnResume]
        for gate in Gate.allCases {
            let run = await TestSupport.run(spec, options: .init(gate: gate)) { InProcessAdapterProvider { ReferenceAppAdapter(flaws: flaws) } }
            var verdicts: [String: Verdict] = [:]
            var contextGate: Gate?
            for event in run.events {
                if case .runStarted(let context, _) = event.kind { contextGate = context.gate }
                if case .requirementEnded(let result) = event.kind { verdicts[result.requirement.id] = result.verdict }
            }
            #expect(contextGate == gate)
            #expect(verdicts["SL-BROADCAST-1"] == (gate == .mustOnly ? .warned : .failed))
            #expect(verdicts["SL-LOGOUT-2"] == .failed)
            #expect(verdicts["SL-LOGIN-1"] == .passed)
        }
    }

    @Test("fail-fast skips what follows the first failure")
    func failFast() async throws {
        let spec = try TestSupport.shippedSpec()
        let run = await TestSupport.run(spec, options: .init(failFast: true)) {
            InProcessAdapterProvider { ReferenceAppAdapter(flaws: [.skipsDeviceInformation]) }
        }
        #expect(run.results.first?.outcome == .failed)
        #expect(
            run.results.dropFirst().allSatisfy {
                if case .skipped(let reason) = $0.outcome { return reason.hasPrefix("fail-fast: the run stopped after ") } else { return false }
            })
    }

    @Test("a cancelled run reports every planned test case, the unfinished ones as not run")
    func cancellationMarksNotRun() async throws {
        let spec = try TestSupport.shippedSpec()
        let task = Task { await TestSupport.run(spec) { InProcessAdapterProvider { ReferenceAppAdapter() } } }
        task.cancel()
        let run = await task.value
        #expect(run.results.count == spec.spec.requirements.reduce(0) { $0 + $1.scenarios.count })
        #expect(run.summary.interrupted)
        #expect(run.results.allSatisfy { if case .notRun = $0.outcome { return true } else { return false } })
        #expect(ExitStatus(summary: run.summary, gate: .mustAndShould) == .adapterOrHarnessError)
    }
}
