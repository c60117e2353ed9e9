import SingleLoginConformance
import SingleLoginEvents

/// Whether a shot's answer met its expectation, as an issue when it did not.
enum ShotVerdict {
    /// Nil when the answer meets the expectation; otherwise the failure with its full evidence.
    static func issue(for shot: Shot, _ exchange: HTTPExchange, stepIndex: Int, processNote: String? = nil) -> Issue? {
        if let status = exchange.status, shot.expect.isMet(by: status) { return nil }
        let type: String
        let what: String
        if let status = exchange.status {
            switch status {
            case 200...299: type = "backend.accepted"; what = "accepted"
            case 400, 401, 403: type = "backend.rejected"; what = "rejected"
            case 500...599: type = "backend.serverError"; what = "a server error"
            default: type = "backend.unexpectedStatus"; what = "an answer that is neither acceptance nor rejection"
            }
        } else {
            switch exchange.failure {
            case .timedOut: type = "backend.timeout"; what = "a hang"
            case .closedWithoutReply: type = "backend.dropped"; what = "a dropped connection"
            case .connect: type = "backend.unreachable"; what = "no connection"
            case .malformedReply, nil: type = "backend.malformedReply"; what = "a reply that is not HTTP"
            }
        }
        let expected = "\(shot.expect.description) within \(shot.timeLimit.inSecondsText)"
        return Issue(
            kind: .failure, type: type,
            message: "\(shot.label): \(what), \(ShotEvidence.outcome(exchange)); expected \(shot.expect.description)",
            stepIndex: stepIndex, expected: expected,
            observed: ShotEvidence.describe(shot, exchange, note: processNote))
    }
}
