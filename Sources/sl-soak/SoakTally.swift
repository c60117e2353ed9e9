import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Synchronization
import SingleLoginEvents

/// Counts what the soak needs from the event stream, from the runner's handler.
final class SoakTally: Sendable {
    /// The figures so far.
    struct Counts {
        var planned = 0
        var recorded = 0
        var duplicates = 0
        var runEnded = 0
        /// Errors the adapter cannot explain: the harness's own.
        var harnessErrors = 0
        var errorKinds: [String: Int] = [:]
        var seen: Set<TestCaseID> = []
    }

    private let state = Mutex(Counts())

    /// Takes one event into account.
    func record(_ event: Event) {
        state.withLock { counts in
            switch event.kind {
            case .runStarted(_, let plan): counts.planned = plan.count
            case .testCaseEnded(let result):
                counts.recorded += 1
                if !counts.seen.insert(result.id).inserted { counts.duplicates += 1 }
                for issue in result.issues where issue.severity == .error {
                    counts.errorKinds[issue.type, default: 0] += 1
                    if !Self.isAdapterFailure(issue) { counts.harnessErrors += 1 }
                }
            case .runEnded: counts.runEnded += 1
            default: break
            }
        }
    }

    /// Whether `issue` is one of the adapter's failures, not the harness's own error; an
    /// interrupted run is the harness's.
    static func isAdapterFailure(_ issue: Issue) -> Bool {
        switch issue.kind {
        case .adapter(.interrupted): false
        case .adapter: true
        default: false
        }
    }

    /// The figures.
    func counts() -> Counts { state.withLock { $0 } }
}
