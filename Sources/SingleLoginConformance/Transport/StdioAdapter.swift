import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// An adapter in another process, spoken to with the wire protocol over its stdin and stdout.
///
/// While a harness request is pending, the adapter's own requests (its app's MSAL and backend
/// calls) are answered from the environment given at reset. stderr is captured as the log.
public final class StdioAdapter: ConformanceAdapter {
    /// Who the adapter said it is in the handshake.
    public let identity: AdapterIdentity
    private let connection: StdioConnection

    /// Starts `command`, performs the handshake, and returns the connected adapter.
    public static func start(command: String, timeouts: AdapterTimeouts = AdapterTimeouts(), wireLog: WireLog? = nil) async throws -> StdioAdapter {
        let process: ChildProcess
        do { process = try ChildProcess(command: command) } catch {
            throw AdapterFailure(.spawn, "\(error)")
        }
        wireLog?.started(command)
        let connection = StdioConnection(process: process, timeouts: timeouts, wireLog: wireLog)
        do {
            let identity = try await connection.handshake()
            return StdioAdapter(identity: identity, connection: connection)
        } catch {
            await connection.close()
            throw error
        }
    }

    private init(identity: AdapterIdentity, connection: StdioConnection) {
        self.identity = identity
        self.connection = connection
    }

    public func reset(environment: AppEnvironment) async throws {
        await connection.setEnvironment(environment)
        _ = try await connection.call(.reset, .object([:]))
    }

    public func handle(_ event: AppEvent) async throws -> Observation {
        try await connection.decode(Observation.self, from: connection.call(.event, .object(["event": .string(event.rawValue)])), answering: "event \(event.rawValue)")
    }

    public func observe() async throws -> Observation {
        try await connection.decode(Observation.self, from: connection.call(.observe, .object([:])), answering: "observe")
    }

    /// What the adapter wrote to stderr since the last call.
    public func takeLog() -> String { connection.process.stderr.takeNew() }

    /// Asks the adapter to exit, then ends its process group.
    public func close() async { await connection.close() }
}

/// The harness's end of one adapter process.
actor StdioConnection {
    nonisolated let process: ChildProcess
    private let timeouts: AdapterTimeouts
    private let wireLog: WireLog?
    private var environment: AppEnvironment?
    private var nextId = 1
    private var answeredIds: Set<Int> = []

    init(process: ChildProcess, timeouts: AdapterTimeouts, wireLog: WireLog?) {
        self.process = process
        self.timeouts = timeouts
        self.wireLog = wireLog
    }

    /// Writes one line to the adapter; false when it no longer reads.
    @discardableResult
    private func send(_ line: Data) -> Bool {
        wireLog?.record(.sent, line)
        return process.write(line + Data([0x0A]))
    }

    func setEnvironment(_ environment: AppEnvironment) { self.environment = environment }

    func handshake() async throws -> AdapterIdentity {
        let params: JSONValue = .object([
            "protocolVersion": .string(WireProtocol.version),
            "harness": .object(["name": .string("sl-conformance"), "version": .string(HarnessVersion.current)]),
        ])
        let result: JSONValue
        do { result = try await call(.initialize, params, timeout: timeouts.handshake) } catch var failure as AdapterFailure {
            if failure.kind != .handshake { failure.message = "handshake failed: " + failure.message }
            throw failure
        }
        guard let handshake = try? result.decode(WireProtocol.Handshake.self) else {
            throw failure(.handshake, "the handshake answer is not {protocolVersion, adapter{name,version}, app{name,version,bundleId}, msalVersion, capabilities}: \(Self.excerpt(result))")
        }
        let theirs = handshake.protocolVersion.split(separator: ".").first.map(String.init) ?? ""
        let ours = WireProtocol.version.split(separator: ".").first.map(String.init) ?? ""
        guard theirs == ours else {
            throw failure(.handshake, "the adapter speaks protocol \(handshake.protocolVersion); this harness speaks \(WireProtocol.version) (major version \(ours) only)")
        }
        return handshake.identity
    }

    func call(_ method: WireProtocol.HarnessMethod, _ params: JSONValue, timeout: Duration? = nil) async throws -> JSONValue {
        let id = nextId
        nextId += 1
        guard let line = try? WireMessage.request(id: id, method: method.rawValue, params: params).encodedLine(), send(line) else {
            throw await exitFailure(during: method.rawValue)
        }
        let deadline = ContinuousClock.now + (timeout ?? timeouts.step)
        while true {
            let remaining = deadline - ContinuousClock.now
            let next: LineMailbox.Line?
            do {
                guard remaining > .zero else { throw LineMailbox.WaitError.timedOut }
                next = try await process.lines.next(timeout: remaining)
            } catch LineMailbox.WaitError.timedOut {
                throw failure(.timeout, "no answer to '\(method.rawValue)' within \(Self.seconds(timeout ?? timeouts.step))")
            }
            guard let next else { throw await exitFailure(during: method.rawValue) }
            if case .text(let data) = next { wireLog?.record(.received, data) }
            guard case .text(let data) = next else {
                if case .overlong(let length) = next { throw failure(.protocolViolation, "the adapter wrote a line of \(length) bytes to stdout, over the 16 MiB limit") }
                continue
            }
            guard let message = try? WireCodec.decoder.decode(WireMessage.self, from: data), message.jsonrpc == "2.0" else {
                throw failure(.protocolViolation, "the adapter wrote a line that is not a JSON-RPC 2.0 message to stdout (stdout is for protocol messages only; log to stderr): \(Self.excerpt(data))")
            }
            if let requested = message.method {
                try await serve(requested, message)
                continue
            }
            guard case .number(let number)? = message.id, Int(exactly: number) == id else {
                let which = message.id.map(Self.excerpt) ?? "null"
                let already = message.id.flatMap { if case .number(let n) = $0 { return answeredIds.contains(Int(n)) } else { return false } } ?? false
                throw failure(.protocolViolation, already ? "the adapter answered request \(which) twice" : "the adapter answered request \(which), which the harness never sent (waiting for \(id), '\(method.rawValue)')")
            }
            answeredIds.insert(id)
            if let error = message.error {
                throw failure(.adapterError, "the adapter failed '\(method.rawValue)': \(error.message) (code \(error.code))")
            }
            return message.result ?? .null
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, answering request: String) throws -> T {
        do { return try value.decode(type) } catch {
            throw failure(.protocolViolation, "the answer to '\(request)' is not a valid \(type): \(Self.describe(error)) in \(Self.excerpt(value))")
        }
    }

    func close() async {
        if process.exitStatus() == nil, let line = try? WireMessage.request(id: nextId, method: WireProtocol.HarnessMethod.shutdown.rawValue).encodedLine() {
            nextId += 1
            send(line)
            let deadline = ContinuousClock.now + .milliseconds(500)
            while process.exitStatus() == nil, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        }
        process.terminate()
    }

    /// Answers one of the adapter's requests from the broker or backend.
    private func serve(_ method: String, _ request: WireMessage) async throws {
        guard let id = request.id else { return }  // Notifications need no answer.
        guard let appMethod = WireProtocol.AppMethod(rawValue: method) else {
            respond(.failure(id: id, error: WireError(code: WireError.methodNotFound, message: "no method '\(method)'")))
            throw failure(.protocolViolation, "the adapter called '\(method)', which does not exist; methods: \(WireProtocol.AppMethod.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let environment else {
            respond(.failure(id: id, error: WireError(code: WireError.invalidRequest, message: "no app environment before reset")))
            throw failure(.protocolViolation, "the adapter called '\(method)' before the first reset")
        }
        let params = request.params ?? .object([:])
        do {
            let result: JSONValue
            switch appMethod {
            case .getDeviceInformation: result = try JSONValue(encoding: await environment.broker.getDeviceInformation())
            case .getCurrentAccount: result = try JSONValue(encoding: await environment.broker.getCurrentAccount())
            case .acquireTokenSilent: result = try JSONValue(encoding: await environment.broker.acquireTokenSilent(parameters(params, method)))
            case .acquireToken: result = try JSONValue(encoding: await environment.broker.acquireToken(parameters(params, method)))
            case .signout:
                try await environment.broker.signout(parameters(params, method))
                result = .object([:])
            case .fetchRecords:
                guard let token = params["accessToken"]?.stringValue else { throw invalidParams(method, "{accessToken: string}") }
                result = .object(["records": try JSONValue(encoding: await environment.backend.fetchRecords(accessToken: token))])
            }
            respond(.response(id: id, result: result))
        } catch let error as MSALError {
            respond(.failure(id: id, error: WireError(error)))
        } catch let error as InvalidParams {
            respond(.failure(id: id, error: WireError(code: WireError.invalidParams, message: error.message)))
            throw failure(.protocolViolation, "the adapter called '\(method)' with bad parameters: \(error.message)")
        }
    }

    private struct InvalidParams: Error { var message: String }

    private func parameters<T: Decodable>(_ params: JSONValue, _ method: String) throws -> T {
        do { return try params.decode(T.self) } catch { throw InvalidParams(message: "\(Self.describe(error)) in \(Self.excerpt(params))") }
    }

    private func invalidParams(_ method: String, _ shape: String) -> InvalidParams {
        InvalidParams(message: "'\(method)' takes \(shape)")
    }

    private func respond(_ message: WireMessage) {
        if let line = try? message.encodedLine() { send(line) }
    }

    private func failure(_ kind: AdapterFailure.Kind, _ message: String) -> AdapterFailure {
        AdapterFailure(kind, message, stderrTail: process.stderr.tail())
    }

    private func exitFailure(during request: String) async -> AdapterFailure {
        // stdout closed: give the process a moment to be reaped so the status can be named.
        let deadline = ContinuousClock.now + .seconds(1)
        while process.exitStatus() == nil, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        let status = process.exitStatus().map { "with \($0)" } ?? "(closed its stdout)"
        return failure(.exited, "the adapter exited \(status) during '\(request)'")
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
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f s", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
