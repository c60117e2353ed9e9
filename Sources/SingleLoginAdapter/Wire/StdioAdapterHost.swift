import Foundation

/// Serves a ``ConformanceAdapter`` over stdin and stdout with the wire protocol, so that a
/// Swift app can be tested out of process exactly as an adapter in any other language.
///
/// stdout carries protocol messages only; write logs to stderr.
public enum StdioAdapterHost {
    /// Answers the harness until it sends `shutdown` or closes stdin.
    public static func serve(_ adapter: some ConformanceAdapter) async {
        let peer = StdioPeer()
        let lines = StandardInputLines.start()
        await withTaskGroup(of: Void.self) { group in
            for await line in lines {
                guard let envelope = try? WireCodec.decoder.decode(WireEnvelope.self, from: line) else {
                    await peer.send(WireMessage.failure(id: nil, error: WireError(code: WireError.parseError, message: "not a JSON-RPC message")))
                    continue
                }
                if envelope.isRequest {
                    // The harness's request stays pending while the app calls the broker, so
                    // it is served beside this loop, which goes on reading the answers.
                    group.addTask { if await handle(envelope, line, adapter: adapter, peer: peer) == .stop { exit(0) } }
                } else {
                    await peer.deliver(envelope, line)
                }
            }
            await peer.failAll()
        }
    }

    private enum Continuation { case goOn, stop }

    private struct EventParams: Decodable { var event: String }

    private static func handle(_ request: WireEnvelope, _ line: Data, adapter: some ConformanceAdapter, peer: StdioPeer) async -> Continuation {
        let id = request.id ?? .null
        do {
            switch WireProtocol.HarnessMethod(rawValue: request.method ?? "") {
            case .initialize:
                await peer.send(WireResponse(id: id, result: WireProtocol.Handshake(adapter.identity)))
            case .reset:
                try await adapter.reset(environment: AppEnvironment(broker: WireBroker(peer: peer), backend: WireBackend(peer: peer)))
                await peer.send(WireResponse(id: id, result: WireEmpty()))
            case .event:
                guard let name = try? WireCodec.decoder.decode(WireParams<EventParams>.self, from: line).params.event, let event = AppEvent(rawValue: name) else {
                    throw WireError(code: WireError.invalidParams, message: "params.event must be one of \(AppEvent.allCases.map(\.rawValue))")
                }
                await peer.send(WireResponse(id: id, result: try await adapter.handle(event)))
            case .observe:
                await peer.send(WireResponse(id: id, result: try await adapter.observe()))
            case .shutdown:
                await peer.send(WireResponse(id: id, result: WireEmpty()))
                return .stop
            case nil:
                throw WireError(code: WireError.methodNotFound, message: "unknown method \(request.method ?? "")")
            }
        } catch let error as WireError {
            await peer.send(WireMessage.failure(id: id, error: error))
        } catch {
            await peer.send(WireMessage.failure(id: id, error: WireError(code: WireError.internalError, message: "\(error)")))
        }
        return .goOn
    }
}

/// The adapter's end of the connection: writes lines to stdout and matches answers to calls.
actor StdioPeer {
    private var nextId = 1
    private var pending: [Int: CheckedContinuation<Data, any Error>] = [:]
    private var closed = false

    func send(_ message: some Encodable) {
        guard var line = try? WireCodec.line(message) else { return }
        line.append(0x0A)
        FileHandle.standardOutput.write(line)
    }

    /// Sends a request to the harness and decodes the answer's result as `Result`.
    func call<Result: Decodable>(_ method: WireProtocol.AppMethod, _ params: some Encodable = WireEmpty(), as: Result.Type) async throws -> Result {
        let line = try await call(method, params)
        return try WireCodec.decoder.decode(WireResult<Result>.self, from: line).result
    }

    /// Sends a request to the harness and waits for the answer's line; an error answer is thrown.
    func call(_ method: WireProtocol.AppMethod, _ params: some Encodable) async throws -> Data {
        guard !closed else { throw WireError(code: WireError.internalError, message: "the harness closed the connection") }
        let id = nextId
        nextId += 1
        return try await withCheckedThrowingContinuation { continuation in
            pending[id] = continuation
            send(WireRequest(id: id, method: method.rawValue, params: params))
        }
    }

    func deliver(_ response: WireEnvelope, _ line: Data) {
        guard let id = response.integerId, let continuation = pending.removeValue(forKey: id) else { return }
        if let error = response.error {
            continuation.resume(throwing: error.msalError ?? error)
        } else {
            continuation.resume(returning: line)
        }
    }

    func failAll() {
        closed = true
        for continuation in pending.values { continuation.resume(throwing: WireError(code: WireError.internalError, message: "the harness closed the connection")) }
        pending.removeAll()
    }
}

/// A broker whose answers come from the harness over the wire.
struct WireBroker: SharedDeviceBroker {
    let peer: StdioPeer

    func getDeviceInformation() async throws -> DeviceInformation {
        try await peer.call(.getDeviceInformation, as: DeviceInformation.self)
    }
    func getCurrentAccount() async throws -> CurrentAccount {
        try await peer.call(.getCurrentAccount, as: CurrentAccount.self)
    }
    func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult {
        try await peer.call(.acquireTokenSilent, parameters, as: MSALResult.self)
    }
    func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult {
        try await peer.call(.acquireToken, parameters, as: MSALResult.self)
    }
    func signout(_ parameters: SignoutParameters) async throws {
        _ = try await peer.call(.signout, parameters)
    }
}

/// A backend whose answers come from the harness over the wire.
struct WireBackend: BackendService {
    let peer: StdioPeer

    private struct Records: Decodable { var records: [UserRecord] }
    private struct Token: Encodable { var accessToken: String }

    func fetchRecords(accessToken: String) async throws -> [UserRecord] {
        try await peer.call(.fetchRecords, Token(accessToken: accessToken), as: Records.self).records
    }
}

/// Lines of standard input, read on a thread of their own so that blocking reads never hold
/// up the cooperative pool.
enum StandardInputLines {
    static func start() -> AsyncStream<Data> {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        let reader = Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(Data(line.utf8)) }
            continuation.finish()
        }
        reader.start()
        return stream
    }
}
