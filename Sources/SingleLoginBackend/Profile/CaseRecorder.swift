import Foundation
import SingleLoginEvents

/// Completes plan entries with their events.
struct CaseRecorder: Sendable {
    let release: OrderedRelease
    let entries: [(planned: PlannedTestCase, backendCase: BackendCase)]

    /// Completes entry `index` with no steps: testCaseStarted (unless not run), issues, testCaseEnded.
    func complete(_ index: Int, outcome: TestCaseResult.Outcome, issues: [Issue], duration: Duration, log: String, steps: [Event] = []) async {
        let planned = entries[index].planned
        var events: [Event] = []
        // Dated when the case started (it is emitted at the end, with the rest of the case's events).
        if case .notRun = outcome {} else { events.append(Event(.testCaseStarted(planned.id), date: Date().addingTimeInterval(-duration.inSeconds))) }
        events += steps
        events += issues.map { Event(.issueRecorded(planned.id, $0)) }
        let result = TestCaseResult(
            id: planned.id, requirement: planned.requirement, outcome: outcome, duration: duration.inSeconds, issues: issues, adapterLog: log)
        events.append(Event(.testCaseEnded(result)))
        await release.complete(index, events: events, result: result)
    }
}
