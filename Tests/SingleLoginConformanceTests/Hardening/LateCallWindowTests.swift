import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import SingleLoginTransport
import Synchronization
import Testing

/// The late-call window charges a call to the one test case (or attempt) whose window was open,
/// and to nothing else: decided by the window's own rules, without an adapter.
@Suite("The late-call window charges whoever owned it when it closed")
struct LateCallWindowTests {
    /// A provider that only hands over the late calls it is given.
    final class LateCallsOnly: AdapterProvider {
        private let pending = Mutex<[LateCall]>([])
        func give(_ calls: [LateCall]) { pending.withLock { $0 += calls } }
        func adapter() async throws -> any ConformanceAdapter { throw AdapterFailure(.exited, "no adapter in this test") }
        func discard() async {}
        func takeLog() async -> String { "" }
        func close() async {}
        func takeLateCalls() async -> [LateCall] {
            pending.withLock { calls in
                let taken = calls
                calls = []
                return taken
            }
        }
    }

    static let requirement = RequirementSummary(id: "SL-X-1", level: .must, title: "x", tags: [], references: [])
    static let plan = (1...2).map { PlannedTestCase(id: TestCaseID(requirementID: "SL-X-1", scenarioName: "case \($0)"), requirement: requirement) }
    static func passed(_ index: Int) -> TestCaseResult {
        TestCaseResult(id: plan[index].id, requirement: requirement, outcome: .passed, duration: 0)
    }
    static let late = LateCall(method: "msal.getCurrentAccount", underRequest: 3, request: "settle", step: nil, inWindow: true)
    static let stray = LateCall(method: "msal.getCurrentAccount", underRequest: 2, request: "settle", step: nil, inWindow: false)

    static func release() -> OrderedRelease { OrderedRelease(plan: plan, gate: .mustAndShould) { _ in } }

    /// A job whose first test case passed and holds its window open, and the provider it takes late calls from.
    static func holdingFirst(stopping queue: WorkQueue? = nil) async -> (release: OrderedRelease, provider: LateCallsOnly, window: LateCallWindow) {
        let release = Self.release()
        var window = LateCallWindow(release: release, stopping: queue)
        await window.caseEnded(0, events: [], result: Self.passed(0), opensWindow: true)
        return (release, LateCallsOnly(), window)
    }

    @Test("a held test case is released, failed, when the next reset closes its window with a late call in it")
    func heldCaseCharged() async {
        var (release, provider, window) = await Self.holdingFirst()
        #expect(await release.results().isEmpty, "its result waits for the window")
        provider.give([Self.late])
        let forEarlierAttempt = await window.attemptEnded(.init(closesPrevious: true, opensOwn: false), provider: provider)
        #expect(forEarlierAttempt.isEmpty)
        let results = await release.results()
        #expect(results.map(\.outcome) == [.failed])
        #expect(results.first?.issues.map(\.kind) == [.appLateCall])
        #expect(await window.jobEnded(provider: provider).isEmpty)
    }

    @Test("an attempt that failed and runs again owns its window: its late calls are the earlier attempt's findings")
    func earlierAttemptCharged() async {
        let release = Self.release()
        let provider = LateCallsOnly()
        var window = LateCallWindow(release: release, stopping: nil)
        window.retrying(opened: true)
        provider.give([Self.late])
        let findings = await window.attemptEnded(.init(closesPrevious: true, opensOwn: false), provider: provider)
        #expect(findings.map(\.kind) == [.appLateCall])
        #expect(await release.results().isEmpty, "no test case was held")
        // The window closed: a late call in no window after that is a warning of the run.
        provider.give([Self.stray])
        #expect(await window.jobEnded(provider: provider) == [Self.stray])
    }

    @Test("with nobody owning the window, its calls are warnings; a reset that was not sent closes nothing")
    func nobodyOwns() async {
        var (release, provider, window) = await Self.holdingFirst()
        provider.give([Self.late])
        // The adapter did not start: no reset was sent, so the held case stays held.
        #expect(await window.attemptEnded(.init(closesPrevious: false, opensOwn: false), provider: provider).isEmpty)
        #expect(await release.results().isEmpty)
        // The job ends: the shutdown closes the held case's window, and the call is charged to it.
        #expect(await window.jobEnded(provider: provider).isEmpty)
        #expect(await release.results().map(\.outcome) == [.failed])
        // A window with no owner turns its calls into warnings.
        let other = Self.release()
        var unowned = LateCallWindow(release: other, stopping: nil)
        provider.give([Self.late])
        #expect(await unowned.attemptEnded(.init(closesPrevious: true, opensOwn: true), provider: provider).isEmpty)
        #expect(await unowned.jobEnded(provider: provider) == [Self.late])
    }

    @Test("with fail-fast, a held case its late call fails stops the run, naming it")
    func failFastStops() async {
        let queue = WorkQueue()
        var (_, provider, window) = await Self.holdingFirst(stopping: queue)
        provider.give([Self.late])
        _ = await window.attemptEnded(.init(closesPrevious: true, opensOwn: false), provider: provider)
        #expect(queue.stopReason == "fail-fast: the run stopped after \(Self.plan[0].id) failed")
    }
}
