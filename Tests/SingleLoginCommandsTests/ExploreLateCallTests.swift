import Foundation
import ReferenceApp
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginExplore
import SingleLoginReports
@testable import SingleLoginCommands
import SingleLoginTransport
import Synchronization
import Testing

/// A call the app makes under a request of a history that has ended is not lost: explore changes
/// no verdict for it, and lists it as a warning of the run, as `run` does for one that comes too late.
@Suite("Explore lists the app's late calls as warnings of the run")
struct ExploreLateCallTests {
    /// The reference app in process, whose provider also reports `late` once, as a wire adapter's
    /// provider does when the app's task called after its history ended.
    final class WithLateCall: AdapterProvider {
        private let base = InProcessAdapterProvider { ReferenceAppAdapter() }
        private let late = Mutex<[LateCall]>([])
        init(_ call: LateCall) { late.withLock { $0 = [call] } }
        func adapter() async throws -> any ConformanceAdapter { try await base.adapter() }
        func discard() async { await base.discard() }
        func takeLog() async -> String { await base.takeLog() }
        func close() async { await base.close() }
        // The in-process provider's own thread: without it a history that holds an answer runs the
        // app's event on the cooperative pool, which the suite's other tests may keep busy.
        var taskExecutor: SessionExecutor? { base.taskExecutor }
        var scenarioTimeout: Duration { base.scenarioTimeout }
        func takeLateCalls() async -> [LateCall] {
            late.withLock { calls in
                let taken = calls
                calls = []
                return taken
            }
        }
    }

    static let call = LateCall(method: "msal.acquireTokenSilent", underRequest: 7, request: "event refresh", step: 2, inWindow: true)

    @Test("a late call changes no verdict, and the console and the events' runEnded (which explore.md renders) carry its warning")
    func warned() async {
        let result = await Explorer(options: ExploreOptions(seed: 1, runs: 5), makeProvider: { WithLateCall(Self.call) }).explore()
        #expect(result.finding == nil)
        #expect(result.failure == nil)
        #expect(result.lateCalls == [Self.call])
        #expect(ExploreCommand.status(of: result, gate: .mustAndShould) == .passed)
        let warning = ExploreResult.warning(Self.call)
        #expect(warning.hasPrefix("the app's call 'msal.acquireTokenSilent', made under request 7 ('event refresh', step 3), arrived after its history ended"))
        let events = ExploreEvents.events(for: result, options: ExploreOptions(seed: 1, runs: 5), gate: .mustAndShould, startDate: Date())
        guard case .runEnded(let summary)? = events.last?.kind else {
            Issue.record("the events end with runEnded")
            return
        }
        #expect(summary.lateCalls == [warning])
        // The console's summary of the run prints it, once: the statistics before it do not repeat it.
        let console = Self.console(events)
        #expect(console.contains("Late calls (warnings of the run: they change no verdict):\n  " + warning), "\(console)")
        #expect(!ExploreCommand.statistics(of: result, verbose: false).contains("Late call"))
    }

    /// What the console recorder prints for `events`, as `explore` shows them.
    static func console(_ events: [Event]) -> String {
        let printed = Mutex("")
        let recorder = ConsoleRecorder { text in printed.withLock { $0 += text } }
        for event in events { recorder.record(event) }
        return printed.withLock { $0 }
    }

    @Test("without late calls the run says nothing of them")
    func silent() async {
        let result = await Explorer(options: ExploreOptions(seed: 1, runs: 5), makeProvider: { InProcessAdapterProvider { ReferenceAppAdapter() } }).explore()
        #expect(result.lateCalls.isEmpty)
        let events = ExploreEvents.events(for: result, options: ExploreOptions(seed: 1, runs: 5), gate: .mustAndShould, startDate: Date())
        #expect(!Self.console(events).contains("Late call"))
    }
}
