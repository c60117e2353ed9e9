import SingleLoginEvents

/// Whether a shot's answer met its expectation, as an issue when it did not.
enum ShotVerdict {
    /// Whether the answer meets the shot's expectation.
    static func meets(_ shot: Shot, _ exchange: HTTPExchange) -> Bool {
        exchange.status.map(shot.expect.isMet) ?? false
    }

    /// Nil when the answer meets the expectation; otherwise the failure with its full evidence.
    static func issue(for shot: Shot, _ exchange: HTTPExchange, stepIndex: Int, processNote: String? = nil) -> Issue? {
        if meets(shot, exchange) { return nil }
        let kind: Issue.Kind.Backend
        let what: String
        if let status = exchange.status {
            switch status {
            case 200...299: kind = .accepted; what = "accepted"
            case 400, 401, 403: kind = .rejected; what = "rejected"
            case 500...599: kind = .serverError; what = "a server error"
            default: kind = .unexpectedStatus; what = "an answer that is neither acceptance nor rejection"
            }
        } else {
            switch exchange.failure {
            case .timedOut: kind = .timeout; what = "a hang"
            case .closedWithoutReply: kind = .dropped; what = "a dropped connection"
            case .connect: kind = .unreachable; what = "no connection"
            case .malformedReply, nil: kind = .malformedReply; what = "a reply that is not HTTP"
            }
        }
        let expected = "\(shot.expect.description) within \(shot.timeLimit.shortText)"
        // 404 and 405 say the request went nowhere, not that the token was judged: a setup mistake.
        let hint =
            exchange.status == 404 || exchange.status == 405
            ? " (the backend has no POST \(shot.request.target): is --url its session endpoint?)"
            : ""
        return Issue(
            severity: .failure, kind: .backend(kind),
            message: "\(shot.label): \(what), \(ShotEvidence.outcome(exchange)); expected \(shot.expect.description)\(hint)",
            stepIndex: stepIndex, expected: expected,
            observed: ShotEvidence.describe(shot, exchange, note: processNote))
    }
}
