import Foundation
import SingleLoginEvents

extension Event {
    /// The moment every normalised date is set to (1970-01-01T00:00:00Z).
    package static let normalisedDate = Date(timeIntervalSince1970: 0)

    /// The event with everything that differs between identical runs fixed: dates, durations and the host name.
    ///
    /// Two runs of the same spec against the same deterministic adapter must produce the same
    /// normalised events, whatever the number of jobs; reports rendered from them must be
    /// byte-for-byte equal.
    package func normalisedForComparison() -> Event {
        var kind = self.kind
        switch kind {
        case .runStarted(var context, let plan):
            context.startDate = Self.normalisedDate
            context.hostname = "localhost"
            kind = .runStarted(context, plan: plan)
        case .testCaseEnded(var result):
            result.duration = 0
            kind = .testCaseEnded(result)
        case .runEnded(var summary):
            summary.duration = 0
            kind = .runEnded(summary)
        case .requirementEnded(var result):
            result.duration = 0
            kind = .requirementEnded(result)
        case .adapterIdentified, .requirementStarted, .testCaseStarted, .stepPerformed, .brokerCalled, .observed, .issueRecorded, .adapterUnavailable:
            break
        }
        return Event(kind, date: Self.normalisedDate)
    }
}
