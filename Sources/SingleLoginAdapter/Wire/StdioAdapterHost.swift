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
                guard let message = try? WireCodec.decoder.decode(WireMessage.self, from: Data(line.utf8)) else {
                    await peer.send(.failure(id: nil, error: WireError(code: WireError.parseError, message: "not a JSON-RPC message")))
                    continue
                }
                if message.isRequest {
                    // The harness's request stays pending while the app calls the broker, so
                    // it is served beside this loop, which goes on reading the answers.
                    group.addTask { if await handle(message, adapter: adapter, peer: peer) == .stop { exit(0) } }
                } else {
                    await peer.deliver(message)
                }
            }
            await peer.failAll()
        }
    }

    private enum Continuation { case goOn, stop }

    private static func handle(_ request: WireMessage, adapter: some ConformanceAdapter, peer: StdioPeer) async -> Continuation {
        let id = request.id ?? .null
        do {
            let result: JSONValue
            switch WireProtocol.HarnessMethod(rawValue: request.method ?? "") {
            case .initialize:
                result = try JSONValue(encoding: WireProtocol.Handshake(adapter.identity))
            case .reset:
                try await adapter.reset(environment: AppEnvironment(broker: WireBroker(peer: peer), backend: WireBackend(peer: peer)))
                result = .object([:])
            case .event:
                guard let name = request.params?["event"]?.stringValue, let event = AppEvent(rawValue: name) else {
                    throw WireError(code: WireError.invalidParams, message: "params.event must be one of \(AppEvent.allCases.map(\.rawValue))")
                }
                result = try JSONValue(encoding: await adapter.handle(event))
            case .observe:
                result = try JSONValue(encoding: await adapter.observe())
            case .shutdown:
                await peer.send(.response(id: id, result: .object([:])))
                return .stop
            case nil:
                throw WireError(code: WireError.methodNotFound, message: "unknown method \(request.method ?? "")")
            }
            await peer.send(.response(id: id, result: result))
        } catch let error as WireError {
            await peer.send(.failure(id: id, error: error))
        } catch {
            await peer.send(.failure(id: id, error: WireError(code: WireError.internalError, message: "\(error)")))
        }
        return .goOn
    }
}

/// The adapter's end of the connection: writes lines to stdout and matches answers to calls.
actor StdioPeer {
    private var nextId = 1
    private var pending: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
    private var closed = false

    func send(_ message: WireMessage) {
        guard var line = try? message.encodedLine() else { return }
        line.append(0x0A)
        FileHandle.standardOutput.write(line)
    }

    /// Sends a request to the harness and waits for its answer.
    func call(_ method: WireProtocol.AppMethod, _ params: JSONValue = .object([:])) async throws -> JSONValue {
        guard !closed else { throw WireError(code: WireError.internalError, message: "the harness closed the connection") }
        let id = nextId
        nextId += 1
        return try await withCheckedThrowingContinuation { continuation in
            pending[id] = continuation
            send(.request(id: id, method: method.rawValue, params: params))
        }
    }

    func deliver(_ response: WireMessage) {
        guard case .number(let number)? = response.id, let continuation = pending.removeValue(forKey: Int(number)) else { return }
        if let error = response.error {
            continuation.resume(throwing: error.msalError ?? error)
        } else {
            continuation.resume(returning: response.result ?? .null)
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
        try await peer.call(.getDeviceInformation).decode(DeviceInformation.self)
    }
    func getCurrentAccount() async throws -> CurrentAccount {
        try await peer.call(.getCurrentAccount).decode(CurrentAccount.self)
    }
    func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult {
        try await peer.call(.acquireTokenSilent, JSONValue(encoding: parameters)).decode(MSALResult.self)
    }
    func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult {
        try await peer.call(.acquireToken, JSONValue(encoding: parameters)).decode(MSALResult.self)
    }
    func signout(_ parameters: SignoutParameters) async throws {
        _ = try await peer.call(.signout, JSONValue(encoding: parameters))
    }
}

/// A backend whose answers come from the harness over the wire.
struct WireBackend: BackendService {
    let peer: StdioPeer

    func fetchRecords(accessToken: String) async throws -> [UserRecord] {
        struct Records: Decodable { var records: [UserRecord] }
        return try await peer.call(.fetchRecords, .object(["accessToken": .string(accessToken)])).decode(Records.self).records
    }
}

/// Lines of standard input, read on a thread of their own so that blocking reads never hold
/// up the cooperative pool.
enum StandardInputLines {
    static func start() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let reader = Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(line) }
            continuation.finish()
        }
        reader.start()
        return stream
    }
}
