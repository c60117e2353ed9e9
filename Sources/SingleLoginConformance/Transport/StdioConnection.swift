import Foundation
import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// The harness's end of one adapter process.
actor StdioConnection {
    nonisolated let process: ChildProcess
    private let timeouts: AdapterTimeouts
    private let wireLog: WireLog?
    private var environment: AppEnvironment?
    private var nextId = 1
    private var answeredIds: Set<Int> = []
    private var scenarioDeadline: ContinuousClock.Instant?
    /// How often a wait looks at whether the process ended while something still holds its stdout.
    private static let exitPoll: Duration = .milliseconds(100)

    init(process: ChildProcess, timeouts: AdapterTimeouts, wireLog: WireLog?) {
        self.process = process
        self.timeouts = timeouts
        self.wireLog = wireLog
    }

    /// Writes one line to the adapter within `timeout`.
    private func send(_ line: Data, timeout: Duration) async -> ChildProcess.WriteOutcome {
        wireLog?.record(.sent, line)
        return await process.write(line + Data([0x0A]), timeout: timeout)
    }

    /// A test case starts: use `environment` from now on, and count the scenario timeout from now.
    func beginScenario(_ environment: AppEnvironment) {
        self.environment = environment
        scenarioDeadline = ContinuousClock.now + timeouts.scenario
    }

    func handshake() async throws -> AdapterIdentity {
        let params = InitializeParams(protocolVersion: WireProtocol.version, harness: .init(name: "sl-conformance", version: HarnessVersion.current))
        let line: Data
        do { line = try await exchange(.initialize, params, timeout: timeouts.handshake) } catch var failure as AdapterFailure {
            if failure.kind != .handshake { failure.message = "handshake failed: " + failure.message }
            throw failure
        }
        guard let handshake = try? WireCodec.decoder.decode(WireResult<WireProtocol.Handshake>.self, from: line).result else {
            throw failure(.handshake, "the handshake answer is not {protocolVersion, adapter{name,version}, app{name,version,bundleId}, msalVersion, capabilities}: \(Self.excerpt(line))")
        }
        let theirs = handshake.protocolVersion.split(separator: ".").first.map(String.init) ?? ""
        let ours = WireProtocol.version.split(separator: ".").first.map(String.init) ?? ""
        guard theirs == ours else {
            throw failure(.handshake, "the adapter speaks protocol \(handshake.protocolVersion); this harness speaks \(WireProtocol.version) (major version \(ours) only)")
        }
        return handshake.identity
    }

    private struct InitializeParams: Encodable {
        var protocolVersion: String
        var harness: WireProtocol.Handshake.Named
    }

    /// Sends one request and returns its result as a JSON value (for callers that inspect any shape).
    func call(_ method: WireProtocol.HarnessMethod, _ params: JSONValue, timeout: Duration? = nil, label: String? = nil) async throws -> JSONValue {
        let line = try await exchange(method, params, timeout: timeout, label: label)
        return (try? WireCodec.decoder.decode(WireResult<JSONValue?>.self, from: line).result ?? .null) ?? .null
    }

    /// Sends one request and decodes its result as `type`; a result of another shape is a protocol violation.
    func call<T: Decodable>(_ method: WireProtocol.HarnessMethod, _ params: some Encodable, as type: T.Type, label: String? = nil) async throws -> T {
        let request = label ?? method.rawValue
        let line = try await exchange(method, params, label: label)
        do { return try WireCodec.decoder.decode(WireResult<T>.self, from: line).result } catch {
            throw failure(.protocolViolation, "the answer to '\(request)' is not a valid \(type): \(Self.describe(error)) in \(Self.excerpt(line))")
        }
    }

    /// What happened while one harness request was pending, for messages.
    private struct Pending {
        var what: String
        var servedCalls = 0
        var lastCall: String?

        var afterCall: String { lastCall.map { " (after the app's call '\($0)')" } ?? "" }
    }

    /// Sends one request and waits for its answer, serving the adapter's own requests meanwhile.
    ///
    /// The wait ends at the step timeout (`timeout` for the handshake), or at the scenario
    /// timeout if that comes first; it also ends as soon as the process is gone, even when a
    /// process it started still holds its stdout open.
    ///
    /// Returns the answer's whole line: decoding its result once, into the type the caller
    /// wants, is cheaper than building a JSON value and converting it.
    func exchange(_ method: WireProtocol.HarnessMethod, _ params: some Encodable, timeout: Duration? = nil, label: String? = nil) async throws -> Data {
        var pending = Pending(what: label ?? method.rawValue)
        let id = nextId
        nextId += 1
        let limit = timeout ?? timeouts.step
        var deadline = ContinuousClock.now + limit
        var limitText = "within \(Self.seconds(limit))"
        if method != .initialize, let scenarioDeadline, scenarioDeadline < deadline {
            deadline = scenarioDeadline
            limitText = "before the scenario timeout (\(Self.seconds(timeouts.scenario)) for the whole test case)"
        }
        guard let line = try? WireCodec.line(WireRequest(id: id, method: method.rawValue, params: params)) else {
            throw failure(.protocolViolation, "the request '\(pending.what)' could not be encoded")
        }
        try await deliver(line, before: deadline, pending: pending)
        var exitSeen = false
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw timeoutFailure(pending, limitText) }
            let next: LineMailbox.Line?
            do {
                next = try await process.lines.next(timeout: min(remaining, Self.exitPoll))
            } catch LineMailbox.WaitError.timedOut {
                if process.exitStatus() != nil {
                    // Gone, but its stdout is still open (a process it started holds it). Whatever it
                    // wrote before it ended is read within one more poll; after that, it is over.
                    if exitSeen {
                        let cut = process.lines.unterminatedBytes
                        throw await exitFailure(pending, note: (cut.isEmpty ? "" : ", in the middle of a line: \(Self.excerpt(cut)) (every message ends with a newline)") + " (a process it started still holds its stdout)")
                    }
                    exitSeen = true
                }
                continue
            }
            guard let next else { throw await exitFailure(pending) }
            let data: Data
            switch next {
            case .text(let text): data = text
            case .overlong(let length):
                wireLog?.record(.note, Data("a line of \(length) bytes, over the limit, was dropped".utf8))
                throw failure(.protocolViolation, "the adapter wrote a line of \(length) bytes to stdout during '\(pending.what)', over the 16 MiB limit")
            case .unterminated(let text):
                wireLog?.record(.received, text)
                throw await exitFailure(pending, note: ", in the middle of a line: \(Self.excerpt(text)) (every message ends with a newline)")
            }
            wireLog?.record(.received, data)
            guard let message = try? WireCodec.decoder.decode(WireEnvelope.self, from: data), message.jsonrpc == "2.0" else {
                throw failure(.protocolViolation, "the adapter wrote a line that is not a JSON-RPC 2.0 message to stdout during '\(pending.what)' (stdout is for protocol messages only; log to stderr): \(Self.excerpt(data))")
            }
            if let requested = message.method {
                try await serve(requested, message, data, pending: &pending, before: deadline)
                continue
            }
            guard case .number(let number)? = message.id, Int(exactly: number) == id else {
                let which = message.id.map(Self.excerpt) ?? "null"
                // A second answer is named as the stray-line check names it, so the message does not depend on timing.
                let twice = message.id.flatMap { id -> String? in if case .number(let n) = id, let whole = Int(exactly: n) { return String(whole) } else { return nil } } ?? which
                let already = message.id.flatMap { if case .number(let n) = $0, let n = Int(exactly: n) { return answeredIds.contains(n) } else { return false } } ?? false
                throw failure(.protocolViolation, already ? "the adapter answered request \(twice) twice (noticed while waiting for \(id), '\(pending.what)')" : "the adapter answered request \(which), which the harness never sent (waiting for \(id), '\(pending.what)')")
            }
            answeredIds.insert(id)
            // Nothing may follow an answer until the harness asks again: a line already here is a
            // second answer or a stray message, and belongs to this request, not the next one.
            if process.lines.hasPendingLine, case .text(let stray)? = try? await process.lines.next(timeout: .milliseconds(50)) {
                wireLog?.record(.received, stray)
                throw failure(.protocolViolation, Self.describeStray(stray, after: id, answered: answeredIds) + " after answering '\(pending.what)'")
            }
            if let error = message.error {
                throw failure(.adapterError, "the adapter failed '\(pending.what)': \(error.message) (code \(error.code))")
            }
            return data
        }
    }

    /// Writes a line, turning a closed or full pipe into the failure that names it.
    private func deliver(_ line: Data, before deadline: ContinuousClock.Instant, pending: Pending) async throws {
        switch await send(line, timeout: max(.zero, deadline - ContinuousClock.now)) {
        case .written: return
        case .closed: throw await exitFailure(pending)
        case .timedOut:
            if Task.isCancelled { throw CancellationError() }
            throw failure(.timeout, "the adapter stopped reading its stdin during '\(pending.what)': the pipe stayed full until the timeout")
        }
    }

    private func timeoutFailure(_ pending: Pending, _ limitText: String) -> AdapterFailure {
        let meanwhile = pending.servedCalls == 0 ? "" : "; meanwhile the app made \(pending.servedCalls) broker call(s), the last '\(pending.lastCall ?? "")': it never settled"
        return failure(.timeout, "no answer to '\(pending.what)' \(limitText)\(meanwhile)")
    }

    func close() async {
        // Interrupted: no time for courtesy, the group goes down at once (SIGTERM, then SIGKILL).
        if process.exitStatus() == nil, !Task.isCancelled, let line = try? WireCodec.line(WireRequest(id: nextId, method: WireProtocol.HarnessMethod.shutdown.rawValue, params: WireEmpty())) {
            nextId += 1
            if await send(line, timeout: .milliseconds(100)) == .written {
                let deadline = ContinuousClock.now + .milliseconds(500)
                while process.exitStatus() == nil, ContinuousClock.now < deadline {
                    guard (try? await Task.sleep(for: .milliseconds(5))) != nil else { break }
                }
            }
        }
        process.terminate()
    }

    /// Answers one of the adapter's requests from the broker or backend.
    private func serve(_ method: String, _ request: WireEnvelope, _ line: Data, pending: inout Pending, before deadline: ContinuousClock.Instant) async throws {
        guard let id = request.id else { return }  // Notifications need no answer.
        pending.servedCalls += 1
        pending.lastCall = method
        func respond(_ message: some Encodable) async throws {
            guard let line = try? WireCodec.line(message) else { return }
            // A dead adapter is noticed when its stdout ends; a full pipe is the adapter's fault.
            if await send(line, timeout: max(.zero, deadline - ContinuousClock.now)) == .timedOut, !Task.isCancelled {
                throw failure(.timeout, "the adapter stopped reading its stdin during '\(pending.what)' (its call '\(method)' could not be answered)")
            }
        }
        guard let appMethod = BrokerMethod(wireName: method) else {
            try await respond(WireMessage.failure(id: id, error: WireError(code: WireError.methodNotFound, message: "no method '\(method)'")))
            throw failure(.protocolViolation, "the adapter called '\(method)' during '\(pending.what)', which does not exist; methods: \(BrokerMethod.allCases.map(\.wireName).joined(separator: ", "))")
        }
        guard let environment else {
            try await respond(WireMessage.failure(id: id, error: WireError(code: WireError.invalidRequest, message: "no app environment before reset")))
            throw failure(.protocolViolation, "the adapter called '\(method)' before the first reset")
        }
        do {
            let result = try await BrokerCallServer.result(of: appMethod, line: line, environment: environment)
            try await respond(WireResponse(id: id, result: AnyEncodableResult(value: result)))
        } catch let error as MSALError {
            try await respond(WireMessage.failure(id: id, error: WireError(error)))
        } catch let error as BrokerCallServer.InvalidParams {
            try await respond(WireMessage.failure(id: id, error: WireError(code: WireError.invalidParams, message: error.message)))
            throw failure(.protocolViolation, "the adapter called '\(method)' with bad parameters: \(error.message)")
        }
    }

    private func failure(_ kind: AdapterFailure.Kind, _ message: String) -> AdapterFailure {
        AdapterFailure(kind, message, stderrTail: process.stderr.tail())
    }

    private func exitFailure(_ pending: Pending, note: String = "") async -> AdapterFailure {
        // stdout closed: give the process a moment to be reaped so the status can be named.
        let deadline = ContinuousClock.now + .seconds(1)
        while process.exitStatus() == nil, ContinuousClock.now < deadline {
            guard (try? await Task.sleep(for: .milliseconds(5))) != nil else { break }
        }
        let status = process.exitStatus().map { "with \($0)" } ?? "(closed its stdout)"
        return failure(.exited, "the adapter exited \(status) during '\(pending.what)'\(pending.afterCall)\(note)")
    }

    /// What an unexpected line after an answer is, in words.
    static func describeStray(_ line: Data, after id: Int, answered: Set<Int>) -> String {
        guard let message = try? WireCodec.decoder.decode(WireEnvelope.self, from: line), message.jsonrpc == "2.0" else {
            return "the adapter wrote a line that is not a JSON-RPC 2.0 message to stdout: \(excerpt(line))"
        }
        if let method = message.method { return "the adapter sent a request '\(method)' while no harness request was pending" }
        if case .number(let number)? = message.id, let answeredId = Int(exactly: number), answered.contains(answeredId) {
            return "the adapter answered request \(answeredId) twice"
        }
        return "the adapter answered request \(message.id.map(excerpt) ?? "null"), which the harness never sent"
    }

    static func excerpt(_ data: Data) -> String {
        let text = String(decoding: data.prefix(200), as: UTF8.self)
        return "'" + text + (data.count > 200 ? "...' (\(data.count) bytes)" : "'")
    }

    static func excerpt(_ value: JSONValue) -> String {
        excerpt((try? WireCodec.encoder.encode(value)) ?? Data())
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context): return "missing '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case DecodingError.typeMismatch(let type, let context): return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is not \(type)"
        case DecodingError.valueNotFound(let type, let context): return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is null, expected \(type)"
        case DecodingError.dataCorrupted(let context): return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))': \(context.debugDescription)"
        default: return "\(error)"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f s", duration.inSeconds)
    }
}
