import SingleLoginEvents

/// Why a backend process could not be used: one clear error, with its output's tail.
struct StartFailure: Error, Sendable {
    /// The error, with the command, the environment and the output tail as evidence.
    var issue: Issue
    /// The output's tail, for the test case's log.
    var log: String

    /// The error for a process that exited before, or never answered, `GET /health` with 200.
    static func describe(_ health: BackendProcess.Health, process: BackendProcess, command: String, healthPath: String, again: Bool) -> StartFailure {
        let tail = process.outputTail()
        let when = again ? "when restarted after the previous case" : ""
        let message: String
        let kind: Issue.Kind
        var details: [String] = []
        switch health {
        case .healthy:
            preconditionFailure("a healthy process is no start failure")
        case .exited(let status, let after):
            kind = .backend(.startExited)
            // Status 0 this early is a command that put the backend in the background and returned.
            let foreground =
                status == .exited(0)
                ? ": the start command must run the backend in the foreground (no trailing '&', no daemon mode); the harness stops it after the run" : ""
            message =
                "the backend exited (\(status)) \(after.shortText) after it started\(when.isEmpty ? "" : " " + when), before GET \(healthPath) answered 200\(foreground)"
        case .timedOut(let after, let last):
            kind = .backend(.startTimeout)
            let listening = process.listeningPorts()
            var text =
                "the backend did not answer GET \(healthPath) with 200 on 127.0.0.1:\(process.port) (SL_BACKEND_PORT) within \(after.shortText)\(when.isEmpty ? "" : " " + when)"
            if !listening.isEmpty, !listening.contains(process.port) {
                text += "; it listens on port \(listening.map(String.init).joined(separator: ", ")) instead: listen on 127.0.0.1:$SL_BACKEND_PORT"
            } else if let reply = last?.reply {
                text += "; its last answer was \(reply.status) \(reply.reason)"
                if reply.status == 404 { text += ": is --health the path of its health check?" }
            } else if listening.isEmpty {
                text += "; nothing of it listens on a TCP port"
            }
            message = text
            if let last { details.append("Last attempt: \(ShotEvidence.outcome(last))") }
        }
        details.insert("Command: \(command)", at: 0)
        details.append(
            "Environment: "
                + (BackendEnvironment.names + BackendEnvironment.optionalNames).map { "\($0)=\(process.environment[$0] ?? "")" }.joined(separator: " "))
        details.append("Output (stdout and stderr, last lines):")
        details.append(tail.isEmpty ? "  (nothing)" : tail.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        return StartFailure(issue: Issue(severity: .error, kind: kind, message: message, observed: details.joined(separator: "\n")), log: tail)
    }

    /// The short error later cases carry, pointing at the case that carries the full one.
    func reference(from firstCase: String) -> Issue {
        Issue(severity: .error, kind: issue.kind, message: "not verified: \(issue.message) (the full error is under \(firstCase))")
    }
}
