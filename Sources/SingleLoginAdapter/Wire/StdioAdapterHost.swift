import Foundation

/// Serves a ``ConformanceAdapter`` over stdin and stdout with the wire protocol, so that a
/// Swift app can be tested out of process exactly as an adapter in any other language.
///
/// stdout carries protocol messages only; write logs to stderr.
public enum StdioAdapterHost {
    /// Answers the harness until it sends `shutdown` or closes stdin.
    ///
    /// A reader thread takes stdin line by line: answers to the app's own calls resume those
    /// calls directly, and the harness's requests go, in order, to one task that serves them.
    /// The harness never sends a request before the previous one is answered, so one task is
    /// enough, and no hand-off is paid twice on the way.
    public static func serve(_ adapter: some ConformanceAdapter) async {
        let peer = StdioPeer()
        // The closure form of AsyncStream (not makeStream) and NSLock below keep this library
        // buildable for the older iOS versions an app's test target may still support.
        var captured: AsyncStream<(WireEnvelope, Data)>.Continuation!
        let requests = AsyncStream<(WireEnvelope, Data)> { captured = $0 }
        let continuation = captured!
        let reader = Thread {
            while let text = readLine(strippingNewline: true) {
                let line = Data(text.utf8)
                guard let envelope = try? WireCodec.decoder.decode(WireEnvelope.self, from: line) else {
                    peer.send(WireMessage.failure(id: nil, error: WireError(code: WireError.parseError, message: "not a JSON-RPC message")))
                    continue
                }
                if envelope.isRequest { continuation.yield((envelope, line)) } else { peer.deliver(envelope, line) }
            }
            peer.failAll()
            continuation.finish()
        }
        reader.name = "sl-adapter-stdin"
        reader.start()
        for await (request, line) in requests {
            if await handle(request, line, adapter: adapter, peer: peer) == .stop { exit(0) }
        }
    }

    private enum Continuation { case goOn, stop }

    private struct EventParams: Decodable { var event: String }

    private static func handle(_ request: WireEnvelope, _ line: Data, adapter: some ConformanceAdapter, peer: StdioPeer) async -> Continuation {
        let id = request.id ?? .null
        do {
            switch WireProtocol.HarnessMethod(rawValue: request.method ?? "") {
            case .initialize:
                peer.send(WireResponse(id: id, result: WireProtocol.Handshake(adapter.identity)))
            case .reset:
                try await adapter.reset(environment: AppEnvironment(broker: WireBroker(peer: peer), backend: WireBackend(peer: peer)))
                peer.send(WireResponse(id: id, result: WireEmpty()))
            case .event:
                guard let name = try? WireCodec.decoder.decode(WireParams<EventParams>.self, from: line).params.event, let event = AppEvent(rawValue: name) else {
                    throw WireError(code: WireError.invalidParams, message: "params.event must be one of \(AppEvent.allCases.map(\.rawValue))")
                }
                peer.send(WireResponse(id: id, result: try await adapter.handle(event)))
            case .observe:
                peer.send(WireResponse(id: id, result: try await adapter.observe()))
            case .shutdown:
                peer.send(WireResponse(id: id, result: WireEmpty()))
                return .stop
            case nil:
                throw WireError(code: WireError.methodNotFound, message: "unknown method \(request.method ?? "")")
            }
        } catch let error as WireError {
            peer.send(WireMessage.failure(id: id, error: error))
        } catch {
            peer.send(WireMessage.failure(id: id, error: WireError(code: WireError.internalError, message: "\(error)")))
        }
        return .goOn
    }
}

/// The adapter's end of the connection: writes lines to stdout and matches answers to calls.
///
/// `@unchecked Sendable` because its state is guarded by `stateLock` and its writes by `outputLock`.
final class StdioPeer: @unchecked Sendable {
    private var nextId = 1
    private var pending: [Int: CheckedContinuation<Data, any Error>] = [:]
    private var closed = false
    /// Guards `nextId`, `pending` and `closed`.
    private let stateLock = NSLock()
    /// Held while a line is written, so that lines from different threads never interleave.
    private let outputLock = NSLock()

    func send(_ message: some Encodable) {
        guard var line = try? WireCodec.line(message) else { return }
        line.append(0x0A)
        outputLock.withLock { FileHandle.standardOutput.write(line) }
    }

    /// Sends a request to the harness and decodes the answer's result as `Result`.
    func call<Result: Decodable>(_ method: BrokerMethod, _ params: some Encodable = WireEmpty(), as: Result.Type) async throws -> Result {
        let line = try await call(method, params)
        return try WireCodec.decoder.decode(WireResult<Result>.self, from: line).result
    }

    /// Sends a request to the harness and waits for the answer's line; an error answer is thrown.
    func call(_ method: BrokerMethod, _ params: some Encodable) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            let id: Int? = stateLock.withLock {
                guard !closed else { return nil }
                defer { nextId += 1 }
                pending[nextId] = continuation
                return nextId
            }
            guard let id else {
                continuation.resume(throwing: WireError(code: WireError.internalError, message: "the harness closed the connection"))
                return
            }
            send(WireRequest(id: id, method: method.wireName, params: params))
        }
    }

    /// Resumes the call `response` answers (called on the reader thread).
    func deliver(_ response: WireEnvelope, _ line: Data) {
        guard let id = response.integerId, let continuation = stateLock.withLock({ pending.removeValue(forKey: id) }) else { return }
        if let error = response.error {
            continuation.resume(throwing: error.msalError ?? error)
        } else {
            continuation.resume(returning: line)
        }
    }

    /// stdin ended: every call waiting for an answer fails, and later calls fail at once.
    func failAll() {
        let waiting = stateLock.withLock {
            closed = true
            defer { pending.removeAll() }
            return Array(pending.values)
        }
        for continuation in waiting { continuation.resume(throwing: WireError(code: WireError.internalError, message: "the harness closed the connection")) }
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
    func allAccounts() async throws -> [MSALAccount] {
        try await peer.call(.allAccounts, as: WireBrokerShapes.Accounts.self).accounts
    }
    func account(forIdentifier identifier: String) async throws -> MSALAccount? {
        try await peer.call(.accountForIdentifier, WireBrokerShapes.Identifier(identifier: identifier), as: WireBrokerShapes.OptionalAccount.self).account
    }
    func account(forUsername username: String) async throws -> MSALAccount? {
        try await peer.call(.accountForUsername, WireBrokerShapes.Username(username: username), as: WireBrokerShapes.OptionalAccount.self).account
    }
    func removeAccount(identifier: String?) async throws {
        _ = try await peer.call(.removeAccount, WireBrokerShapes.AccountIdentifier(accountIdentifier: identifier))
    }
    func accountsFromDevice() async throws -> [MSALAccount] {
        try await peer.call(.accountsFromDevice, as: WireBrokerShapes.Accounts.self).accounts
    }
}

/// A backend whose answers come from the harness over the wire.
struct WireBackend: BackendService {
    let peer: StdioPeer

    func fetchRecords(accessToken: String) async throws -> [UserRecord] {
        try await peer.call(.fetchRecords, WireBrokerShapes.AccessToken(accessToken: accessToken), as: WireBrokerShapes.Records.self).records
    }
}
