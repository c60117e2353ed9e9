import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec

extension Check {
    // MARK: Broker calls

    /// The broker calls of one transcript are numbered as the broker numbers them: 1, 2, 3... in the
    /// order they were made. ``replayCalls`` then holds each answer to the broker's own.
    mutating func checkCalls(_ calls: [BrokerCallRecord], path: String, id: TestCaseID) {
        let numbers = calls.map(\.sequence)
        if numbers != (0..<calls.count).map({ $0 + 1 }) {
            note(
                path, id.description,
                "numbers its broker calls \(numbers.prefix(12).map(String.init).joined(separator: ", "))\(numbers.count > 12 ? ", ..." : ""), not 1 to \(calls.count) in order: a call was removed, added or moved"
            )
        }
    }

    /// Plays the transcript's broker calls again (``BrokerReplay``), with the MSAL configuration its
    /// adapter declared (with each, when a run's adapters declared several), and notes the first
    /// answer or fact that is not the broker's.
    mutating func replayCalls(_ replay: BrokerReplay, id: TestCaseID, scenario: Scenario, configurations: [MSALConfiguration], events: [Event], path: String)
        async
    {
        var first: [String]?
        for configuration in configurations.isEmpty ? [.default] : configurations {
            let found = await replay.differences(id, scenario: scenario, configuration: configuration, events: events)
            if found.isEmpty { return }
            first = first ?? found
        }
        for difference in first ?? [] { note(path, id.description, "replaying its broker calls: " + difference) }
    }

    /// A test case's calls are recorded twice: one `brokerCalled` event each, which re-judging and
    /// the replay read, and its `testCaseEnded` result's transcript, which the reports show. The run
    /// writes the same calls into both, so a call dropped, added or edited (its phase, parameters or
    /// answer) in one of them only is a finding.
    mutating func checkEndedTranscript(_ ended: [BrokerCallRecord], calls: [BrokerCallRecord], path: String, id: TestCaseID) {
        guard ended != calls else { return }
        let index = (0..<min(ended.count, calls.count)).first { ended[$0] != calls[$0] } ?? min(ended.count, calls.count)
        let inResult: BrokerCallRecord? = index < ended.count ? ended[index] : nil
        let inEvents: BrokerCallRecord? = index < calls.count ? calls[index] : nil
        let detail: String
        switch (inResult, inEvents) {
        case let (inResult?, inEvents?) where inResult.phase != inEvents.phase || inResult.stepIndex != inEvents.stepIndex:
            detail =
                "call #\(inEvents.sequence) \(inEvents.method.rawValue) is made during \(Self.describe(inResult)) in testCaseEnded, during \(Self.describe(inEvents)) in its brokerCalled event"
        case let (_?, inEvents?):
            detail = "call #\(inEvents.sequence) \(inEvents.method.rawValue) differs between testCaseEnded and its brokerCalled event"
        case let (inResult?, nil):
            detail = "call #\(inResult.sequence) \(inResult.method.rawValue) is in testCaseEnded but has no brokerCalled event"
        case let (nil, inEvents?):
            detail = "call #\(inEvents.sequence) \(inEvents.method.rawValue) has a brokerCalled event but is not in testCaseEnded"
        case (nil, nil):
            return
        }
        note(
            path, id.description,
            "its testCaseEnded transcript (\(ended.count) call\(ended.count == 1 ? "" : "s"), what the reports show) is not its brokerCalled events (\(calls.count), what re-judging reads): \(detail)"
        )
    }

    /// `step 2`, `step 2's broadcasts` or `reset`: when a call was made.
    static func describe(_ call: BrokerCallRecord) -> String {
        let step = call.stepIndex.map { "step \($0 + 1)" } ?? "reset"
        return call.phase == .broadcasts ? "\(step)'s broadcasts" : step
    }
}
