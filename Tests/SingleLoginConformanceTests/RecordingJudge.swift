import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents

/// Adds `signedOut` after every step and remembers what it was shown.
actor RecordingJudge: StepJudge {
    var seen: [(index: Int?, calls: [BrokerMethod], broadcasts: Int, device: [String], before: String?, after: String?)] = []

    func judge(_ step: JudgedStep) async -> [SingleLoginEvents.Issue] {
        seen.append(
            (
                step.index, step.calls.map(\.method), step.broadcastsDelivered, await step.broker.deviceAccountNames(), step.before.signedInAccount,
                step.observation.signedInAccount
            ))
        return await step.evaluate([.signedOut])
    }

    func judgeEnd(_ end: JudgedStep) async -> [SingleLoginEvents.Issue] {
        seen.append((nil, end.calls.map(\.method), 0, await end.broker.deviceAccountNames(), nil, nil))
        return []
    }
}
