import Dispatch
import ReferenceApp
import SingleLoginAdapter
@testable import SingleLoginConformance
import SingleLoginEvents
import SingleLoginTransport
import Synchronization
import Testing

@Suite("In process, the step timeout ends a wait for the app as a wire session does")
struct InProcessStepTimeoutTests {
    /// Two launches, signed in: the second test case shows that the first one's adapter was discarded.
    static let twoLaunches = """
        [{"name": "first", "given": {"signedIn": "alice"}, "steps": [{"do": "launch", "expect": [{"check": "signedIn", "account": "alice"}]}]},
         {"name": "second", "given": {"signedIn": "alice"}, "steps": [{"do": "launch", "expect": [{"check": "signedIn", "account": "alice"}]}]}]
        """

    /// One launch, signed in.
    static let oneLaunch = """
        [{"name": "launch", "given": {"signedIn": "alice"}, "steps": [{"do": "launch", "expect": [{"check": "signedIn", "account": "alice"}]}]}]
        """

    /// A silent token held across a Jamf Reset, as SL-INFLIGHT-1 holds one.
    static let heldRefresh = """
        [{"name": "a held refresh across a sign-out", "given": {"signedIn": "alice"},
          "steps": [{"do": "launch"}, {"do": "advanceClock", "minutes": 70}, {"do": "holdNext", "method": "acquireTokenSilent"},
                    {"do": "refresh"}, {"do": "globalSignOut"}, {"do": "release", "expect": [{"check": "signedOut"}]}]}]
        """

    /// Long enough that the reference app's own steps (a few milliseconds in process) never
    /// reach it, even on a loaded machine; each hang below costs the test this much.
    static let timeouts = AdapterTimeouts(step: .seconds(3), scenario: .seconds(600))

    @Test("a launch that never returns fails app.hung at the step timeout, its task is cancelled, and the next test case gets a fresh adapter")
    func launchThatNeverReturns() async throws {
        let parked = Parked()
        let (run, made) = try await Self.twoLaunches("T-STEP-1") { first in StallingAdapter(stallsOn: first ? .launch : nil, parked: parked) }
        #expect(run.results.map(\.outcome) == [.failed, .passed], "\(TestSupport.unpassed(run.results))")
        let hang = try #require(run.results.first?.issues.first)
        #expect(hang.kind == .appHung)
        #expect(hang.message.hasPrefix("the app did not settle within"), "\(hang.message)")
        #expect(hang.observed.hasPrefix("no answer to 'event launch' within 3.0 s"), "\(hang.observed)")
        #expect(made == 2)
        // The stalled launch ignores cancellation (a continuation that is never resumed); the run
        // did not wait for it. Resumed now, it finds its task cancelled.
        #expect(await parked.release() == [true])
    }

    @Test("a launch that blocks the thread it shares with the runner fails app.hung: the runner goes on on a new thread, and the next test case passes")
    func launchThatBlocksItsThread() async throws {
        let semaphore = DispatchSemaphore(value: 0)
        let (run, made) = try await Self.twoLaunches("T-STEP-4") { first in BlocksThreadAdapter(blocks: first, semaphore: semaphore) }
        semaphore.signal()
        #expect(run.results.map(\.outcome) == [.failed, .passed], "\(TestSupport.unpassed(run.results))")
        let hang = try #require(run.results.first?.issues.first)
        #expect(hang.kind == .appHung)
        #expect(hang.observed.hasPrefix("no answer to 'event launch' within 3.0 s"), "\(hang.observed)")
        #expect(made == 2)
    }

    /// Runs ``twoLaunches`` on adapters made by `make`, told whether it makes the first one; returns
    /// the run and how many adapters were made.
    static func twoLaunches(
        _ requirementID: String, _ make: @escaping @Sendable (_ first: Bool) -> any ConformanceAdapter
    ) async throws -> (run: (events: [Event], results: [TestCaseResult], summary: RunSummary), made: Int) {
        let made = Mutex(0)
        let spec = try TestSupport.spec(requirementID, scenarios: twoLaunches)
        let run = await TestSupport.run(spec) {
            InProcessAdapterProvider(timeouts: timeouts) {
                make(
                    made.withLock { count in
                        count += 1
                        return count == 1
                    })
            }
        }
        return (run, made.withLock { $0 })
    }

    @Test("a reset that never returns is the adapter's timeout (an error), not the app's hang")
    func resetThatNeverReturns() async throws {
        let parked = Parked()
        let spec = try TestSupport.spec("T-STEP-2", scenarios: Self.oneLaunch)
        let run = await TestSupport.run(spec) {
            InProcessAdapterProvider(timeouts: Self.timeouts) { StallingAdapter(stallsOnReset: true, parked: parked) }
        }
        #expect(run.results.map(\.outcome) == [.errored])
        let issue = try #require(run.results.first?.issues.first)
        #expect(issue.kind == .adapter(.timeout))
        #expect(issue.message.hasPrefix("no answer to 'reset' within 3.0 s"), "\(issue.message)")
        #expect(await parked.release() == [true])
    }

    @Test("an adapter whose broadcast awaits the held refresh fails app.hung naming that mistake; one that does not passes")
    func broadcastAwaitingHeldWork() async throws {
        let spec = try TestSupport.spec("T-STEP-3", scenarios: Self.heldRefresh)
        let awaiting = await TestSupport.run(spec) {
            InProcessAdapterProvider(timeouts: Self.timeouts) { AwaitsEveryEventAdapter(awaitsEarlierEvents: true) }
        }
        #expect(awaiting.results.map(\.outcome) == [.failed])
        let hang = try #require(awaiting.results.first?.issues.first)
        #expect(hang.kind == .appHung)
        #expect(hang.stepIndex == 4)
        #expect(hang.message.contains("await only the work this event began"), "\(hang.message)")
        #expect(hang.observed.hasPrefix("no answer to 'event accountChangedBroadcast' within 3.0 s"), "\(hang.observed)")

        let own = await TestSupport.run(spec) {
            InProcessAdapterProvider(timeouts: Self.timeouts) { AwaitsEveryEventAdapter(awaitsEarlierEvents: false) }
        }
        #expect(own.results.map(\.outcome) == [.passed], "\(TestSupport.unpassed(own.results))")
    }
}

/// Continuations an app left waiting, resumed by the test once the run is over.
private final class Parked: Sendable {
    private struct State {
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// For each waiter that went on, whether its task had been cancelled by then.
        var cancelled: [Bool] = []
        var release: (count: Int, continuation: CheckedContinuation<[Bool], Never>)?
    }

    private let state = Mutex(State())

    /// Waits until ``release()``, ignoring cancellation, as an app blocked on a lock of its own would.
    func wait() async {
        await withCheckedContinuation { continuation in state.withLock { $0.waiting.append(continuation) } }
        let done: (CheckedContinuation<[Bool], Never>, [Bool])? = state.withLock { state in
            state.cancelled.append(Task.isCancelled)
            guard let release = state.release, state.cancelled.count == release.count else { return nil }
            state.release = nil
            return (release.continuation, state.cancelled)
        }
        if let (continuation, cancelled) = done { continuation.resume(returning: cancelled) }
    }

    /// Resumes every waiter, and returns once each has gone on: whether its task had been cancelled.
    func release() async -> [Bool] {
        await withCheckedContinuation { continuation in
            let waiting: [CheckedContinuation<Void, Never>] = state.withLock { state in
                defer { state.waiting = [] }
                state.release = (state.waiting.count, continuation)
                return state.waiting
            }
            if waiting.isEmpty {
                state.withLock { $0.release = nil }
                continuation.resume(returning: [])
            }
            for waiter in waiting { waiter.resume() }
        }
    }
}

/// The reference app, but for one request that never returns.
private final class StallingAdapter: ConformanceAdapter, Sendable {
    let inner = ReferenceAppAdapter()
    let stallsOn: AppEvent?
    let stallsOnReset: Bool
    let parked: Parked

    init(stallsOn: AppEvent? = nil, stallsOnReset: Bool = false, parked: Parked) {
        self.stallsOn = stallsOn
        self.stallsOnReset = stallsOnReset
        self.parked = parked
    }

    var identity: AdapterIdentity { inner.identity }

    func reset(environment: AppEnvironment) async throws {
        if stallsOnReset { await parked.wait() }
        try await inner.reset(environment: environment)
    }

    func handle(_ event: AppEvent) async throws -> Observation {
        if event == stallsOn { await parked.wait() }
        return try await inner.handle(event)
    }

    func observe() async throws -> Observation { try await inner.observe() }
}

/// The reference app behind an adapter that, with `awaitsEarlierEvents`, makes each event's
/// `handle` first wait until every earlier event's `handle` has returned (the mistake: a broadcast
/// then waits for a refresh whose token answer is held until a later step). No task of its own:
/// the suite's other tests may keep Swift's cooperative pool busy.
private final class AwaitsEveryEventAdapter: ConformanceAdapter, Sendable {
    private struct State {
        var handling = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    let inner = ReferenceAppAdapter()
    let awaitsEarlierEvents: Bool
    private let state = Mutex(State())

    init(awaitsEarlierEvents: Bool) { self.awaitsEarlierEvents = awaitsEarlierEvents }

    var identity: AdapterIdentity { inner.identity }

    func reset(environment: AppEnvironment) async throws { try await inner.reset(environment: environment) }

    func handle(_ event: AppEvent) async throws -> Observation {
        if awaitsEarlierEvents {
            await withCheckedContinuation { continuation in
                let now: Bool = state.withLock { state in
                    if state.handling == 0 { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
        state.withLock { $0.handling += 1 }
        defer {
            let done: [CheckedContinuation<Void, Never>] = state.withLock { state in
                state.handling -= 1
                guard state.handling == 0 else { return [] }
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in done { waiter.resume() }
        }
        return try await inner.handle(event)
    }

    func observe() async throws -> Observation { try await inner.observe() }
}

/// The reference app, but its launch blocks its thread on a semaphore (as an app that waits on the
/// main thread for a completion that needs that thread), until the test signals it.
private final class BlocksThreadAdapter: ConformanceAdapter, Sendable {
    let inner = ReferenceAppAdapter()
    let blocks: Bool
    let semaphore: DispatchSemaphore

    init(blocks: Bool, semaphore: DispatchSemaphore) {
        self.blocks = blocks
        self.semaphore = semaphore
    }

    var identity: AdapterIdentity { inner.identity }

    func reset(environment: AppEnvironment) async throws { try await inner.reset(environment: environment) }

    func handle(_ event: AppEvent) async throws -> Observation {
        if blocks, event == .launch { Self.block(on: semaphore) }
        return try await inner.handle(event)
    }

    /// Blocks the calling thread, as the app's synchronous code would.
    private static func block(on semaphore: DispatchSemaphore) { semaphore.wait() }

    func observe() async throws -> Observation { try await inner.observe() }
}
