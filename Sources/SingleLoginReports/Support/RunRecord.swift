import Foundation
import SingleLoginAdapter
import SingleLoginEvents

/// Everything a file report needs, gathered from a run's events.
///
/// File recorders feed every event in and render once the run ends. Planned test cases that
/// never reported an end (an interrupted run) are completed as not run (or skipped, when the
/// plan skipped them) so that a report always accounts for the whole plan.
public struct RunRecord: Sendable {
    /// The run's context, with the adapter filled in from `adapterIdentified`.
    public var context: RunContext?
    /// The plan, in order.
    public var plan: [PlannedTestCase] = []
    /// Finished test cases in the order they finished (a test case that ended twice keeps its
    /// first place and its last result).
    ///
    /// Kept as an array with an index beside it, not as a dictionary of results: when the run
    /// finished in plan order, ``orderedResults`` is this array itself, with no copy of a
    /// large run's results.
    public private(set) var finished: [TestCaseResult] = []
    /// Each finished test case's place in ``finished``.
    private var finishedIndex: [TestCaseID: Int] = [:]
    /// Step descriptions per test case, by step index (``StepDescriptions``).
    public var steps: [TestCaseID: [Int: String]] {
        get { stepDescriptions.byTestCase }
        set { stepDescriptions.byTestCase = newValue }
    }
    private var stepDescriptions = StepDescriptions()
    /// The results `requirementEnded` brought, by requirement ID.
    public var requirementResults: [String: RequirementResult] = [:]
    /// Why the run gave up on its adapter, if it did.
    public var unavailability: AdapterUnavailability?
    /// The summary, once the run ended.
    public var summary: RunSummary?
    /// When the run ended.
    public var endDate: Date?
    /// What the run saw of the device surfaces: its `SurfaceCoverage.findings` are in every report.
    public private(set) var surfaces = SurfaceCoverage()
    /// Whether finished test cases are kept in ``results`` and ``finishOrder``: a recorder that
    /// renders each case as it ends (``JUnitStream``) keeps none, so its memory stays flat.
    let keepsResults: Bool

    /// Creates an empty record.
    public init() {
        keepsResults = true
    }

    /// Creates an empty record that keeps every event's facts but the finished test cases.
    init(keepingResults: Bool) {
        keepsResults = keepingResults
    }

    /// Takes one event; returns true when it ended the run.
    @discardableResult
    public mutating func take(_ event: Event) -> Bool {
        surfaces.take(event)
        stepDescriptions.take(event)
        switch event.kind {
        case let .runStarted(context, plan):
            self.context = context
            self.plan = plan
            // Grown once, not by doubling: a run of 100,000 test cases would hold two tables while it grows.
            if keepsResults {
                finished.reserveCapacity(plan.count)
                finishedIndex.reserveCapacity(plan.count)
            }
        case let .adapterIdentified(identity):
            context?.adapter = identity
        case let .testCaseEnded(result):
            if keepsResults { record(result) }
        case let .requirementEnded(result):
            requirementResults[result.requirement.id] = result
        case let .adapterUnavailable(unavailability):
            self.unavailability = self.unavailability ?? unavailability
        case let .runEnded(summary):
            self.summary = summary
            self.endDate = event.date
            return true
        case .requirementStarted, .testCaseStarted, .stepPerformed, .brokerCalled, .observed, .issueRecorded:
            break
        }
        return false
    }

    /// The finished result of `id`, if it finished.
    public func result(for id: TestCaseID) -> TestCaseResult? {
        finishedIndex[id].map { finished[$0] }
    }

    /// Replaces the outcome of a finished test case (nothing when `id` never finished).
    public mutating func setOutcome(_ outcome: TestCaseResult.Outcome, for id: TestCaseID) {
        if let index = finishedIndex[id] { finished[index].outcome = outcome }
    }

    private mutating func record(_ result: TestCaseResult) {
        if let index = finishedIndex[result.id] {
            finished[index] = result
        } else {
            finishedIndex[result.id] = finished.count
            finished.append(result)
        }
    }

    /// Every test case in plan order (then any not planned, in finishing order), unfinished ones completed.
    public var orderedResults: [TestCaseResult] {
        // The common case, and the one a large run must not copy: every planned case finished, in plan order.
        if finished.count == plan.count, zip(plan, finished).allSatisfy({ $0.id == $1.id }) { return finished }
        var placed = [Bool](repeating: false, count: finished.count)
        var unfinishedSeen = Set<TestCaseID>()
        var ordered: [TestCaseResult] = []
        ordered.reserveCapacity(max(plan.count, finished.count))
        let interrupted = summary?.interrupted ?? true
        for planned in plan {
            if let index = finishedIndex[planned.id] {
                guard !placed[index] else { continue }
                placed[index] = true
                ordered.append(finished[index])
            } else if unfinishedSeen.insert(planned.id).inserted {
                if let reason = planned.skipReason {
                    ordered.append(TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .skipped(reason: reason), duration: 0))
                } else {
                    let reason = interrupted ? "the run was interrupted before this test case finished" : "the run ended before this test case finished"
                    ordered.append(TestCaseResult(id: planned.id, requirement: planned.requirement, outcome: .notRun(reason: reason), duration: 0))
                }
            }
        }
        for (index, result) in finished.enumerated() where !placed[index] { ordered.append(result) }
        return ordered
    }

    /// The run's gate, from its context (every failure gates when the run never started).
    public var gate: Gate { context?.gate ?? .mustAndShould }

    /// Every requirement of ``orderedResults``, in that order: the result `requirementEnded`
    /// brought, or, for a requirement that never ended (an interrupted run), its test cases
    /// aggregated the same way.
    public var orderedRequirementResults: [RequirementResult] {
        orderedRequirementResults(of: orderedResults)
    }

    /// ``orderedRequirementResults`` from ``orderedResults`` already made (a large run's results are made once).
    public func orderedRequirementResults(of orderedResults: [TestCaseResult]) -> [RequirementResult] {
        var order: [String] = []
        var seen = Set<String>()
        // Only the test cases of requirements that never ended are kept, to be aggregated here.
        var byRequirement: [String: [TestCaseResult]] = [:]
        for result in orderedResults {
            let id = result.id.requirementID
            if seen.insert(id).inserted { order.append(id) }
            if requirementResults[id] == nil { byRequirement[id, default: []].append(result) }
        }
        return order.compactMap { id in
            if let ended = requirementResults[id] { return ended }
            guard let group = byRequirement[id], let requirement = group.first?.requirement else { return nil }
            return RequirementResult(requirement: requirement, results: group, gate: gate)
        }
    }

    /// The totals computed from the results, with the wall time, interruption and late-call
    /// warnings the runner sent (without a `runEnded`: the results' time, interrupted, no warnings).
    public var effectiveSummary: RunSummary {
        let ordered = orderedResults
        var computed = RunSummary(
            results: ordered, duration: summary?.duration ?? ordered.reduce(0) { $0 + $1.duration }, interrupted: summary?.interrupted ?? true)
        computed.lateCalls = summary?.lateCalls ?? []
        return computed
    }

    /// A context to render with, even when `runStarted` never came.
    public var effectiveContext: RunContext {
        context
            ?? RunContext(
                specID: "unknown", specVersion: "unknown", specTitle: "unknown", specSHA256: "", harnessVersion: "unknown", adapter: nil, hostname: "localhost",
                startDate: endDate ?? Date(timeIntervalSince1970: 0))
    }
}
