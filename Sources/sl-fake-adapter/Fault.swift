import Foundation

/// One way the fake adapter misbehaves.
enum Fault: Equatable, Sendable {
    /// Stops answering (sleeps forever) at the trigger.
    case hang
    /// At an event: keeps calling the broker and never answers.
    case neverSettle
    /// Exits with this code (0 = exits early as if it had finished).
    case exit(Int32)
    /// Raises this signal.
    case signal(Int32)
    /// Writes a line that is not JSON before answering.
    case garbage
    /// Writes the start of a message without a newline, then exits 0.
    case partialLineExit
    /// Writes one line of this many bytes (not JSON) before answering.
    case hugeLine(Int)
    /// Answers with a different id.
    case wrongId
    /// Answers twice.
    case duplicate
    /// Sends a response to a request the harness never made before answering.
    case unsolicited
    /// Prints a log line on stdout before answering.
    case stdoutLog
    /// Writes this many MB to stderr while handling every request (not an error by itself).
    case stderrFlood(Int)
    /// Answers the handshake with this protocol version.
    case protocolVersion(String)
    /// Calls a broker method that does not exist.
    case unknownMethod
    /// Answers every request after this many milliseconds (not an error within the timeout).
    case slow(Int)
    /// Answers an event or observe with an observation of the wrong shape.
    case badObservation
    /// Answers with a JSON-RPC error.
    case errorAnswer
    /// Declares `concurrentCalls` in the handshake but serves one request at a time: an event whose
    /// broker call the harness holds is never answered (a deadlock).
    case serialConcurrentCalls
    /// Declares `concurrentCalls` in the handshake; at the trigger (a `reset` or `shutdown`: the
    /// test case before it has ended), before answering, calls `msal.getCurrentAccount` under the
    /// last request of the test case that ended, as an app's task that outlived it would.
    case lateCall

    /// Whether the fault applies to every request rather than once, at its trigger.
    var isContinuous: Bool {
        switch self {
        case .stderrFlood, .slow: return true
        default: return false
        }
    }

    /// Parses `hang`, `exit:3`, `signal:SEGV`, `huge-line:10`, `slow:200`, ...
    init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let argument = parts.count > 1 ? parts[1] : nil
        switch parts.first ?? "" {
        case "hang": self = .hang
        case "never-settle": self = .neverSettle
        case "exit": guard let code = Int32(argument ?? "1") else { return nil }; self = .exit(code)
        case "signal":
            guard let number = Self.signalNumber(argument ?? "SEGV") else { return nil }
            self = .signal(number)
        case "garbage": self = .garbage
        case "partial-line": self = .partialLineExit
        case "huge-line": guard let megabytes = Int(argument ?? "10") else { return nil }; self = .hugeLine(megabytes << 20)
        case "wrong-id": self = .wrongId
        case "duplicate": self = .duplicate
        case "unsolicited": self = .unsolicited
        case "stdout-log": self = .stdoutLog
        case "stderr-flood": guard let megabytes = Int(argument ?? "8") else { return nil }; self = .stderrFlood(megabytes)
        case "protocol": self = .protocolVersion(argument ?? "2.0")
        case "unknown-method": self = .unknownMethod
        case "slow": guard let milliseconds = Int(argument ?? "200") else { return nil }; self = .slow(milliseconds)
        case "bad-observation": self = .badObservation
        case "error-answer": self = .errorAnswer
        case "serial-concurrent-calls": self = .serialConcurrentCalls
        case "late-call": self = .lateCall
        default: return nil
        }
    }

    /// The trigger used when none is given.
    var defaultTrigger: Trigger {
        switch self {
        case .protocolVersion, .serialConcurrentCalls: return .handshake
        case .unknownMethod: return .msal(1)
        case .lateCall: return .reset(2)
        default: return .event(nil, 1)
        }
    }

    static func signalNumber(_ name: String) -> Int32? {
        let names: [String: Int32] = ["SEGV": SIGSEGV, "ABRT": SIGABRT, "KILL": SIGKILL, "BUS": SIGBUS, "ILL": SIGILL, "TERM": SIGTERM, "FPE": SIGFPE]
        return names[name.uppercased().replacingOccurrences(of: "SIG", with: "")] ?? Int32(name)
    }
}
