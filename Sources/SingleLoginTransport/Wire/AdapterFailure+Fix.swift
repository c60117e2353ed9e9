import SingleLoginAdapter

extension AdapterFailure {
    /// What an adapter author does about this failure, in one or two sentences: the words `doctor`
    /// prints after a failed check and `run` prints once when it gives up on an adapter.
    public func fix(timeouts: AdapterTimeouts) -> String {
        switch kind {
        case .timeout:
            return
                "Answer every request within the timeout (handshake \(timeouts.handshake.shortText), step \(timeouts.step.shortText)): read stdin line by line, flush stdout after each message, and answer an event once the app has settled."
        case .exited:
            return
                "The adapter ended while the harness waited: read its stderr below; a crash of the app is reported as crashed: true, not by exiting. Exit code 127 is the shell not finding the command: it runs as exec COMMAND, so write env VAR=value cmd, and put cd dir && ... in a script."
        case .protocolViolation:
            return
                "Follow docs/wire-protocol.md: one JSON-RPC 2.0 message per line on stdout, logs on stderr, each request answered once with its own id, only the documented methods."
        case .handshake: return "Answer initialize with the handshake of docs/wire-protocol.md, protocolVersion \"\(WireProtocol.version)\"."
        case .adapterError: return "The adapter answered with an error: return an error only when the adapter itself is broken."
        case .spawn where cause == .nobodyConnected:
            return "Start the app so that its adapter connects as the message says, before --connect-timeout runs out (or give it longer)."
        case .spawn: return "Check the command line: /bin/sh runs it as exec COMMAND (one simple command; env VAR=value cmd for variables)."
        case .interrupted: return "The check was interrupted."
        }
    }
}
