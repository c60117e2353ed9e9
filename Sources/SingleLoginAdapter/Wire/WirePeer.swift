import Foundation

/// The adapter's calls to the harness: one request out, its answer's result decoded once.
struct WirePeer: Sendable {
    let loop: WireEventLoop
    /// The `reset` request whose app environment makes these calls (a concurrent adapter's): a call
    /// made off the event's task, which names no request of its own, names this one once a newer
    /// reset has begun, so that the harness charges it to its own, ended test case.
    var reset: Int? = nil

    /// Sends a request to the harness and decodes the answer's result as `Result`; an error answer is thrown.
    func call<Result: Decodable>(_ method: BrokerMethod, _ params: some Encodable = WireEmpty(), as: Result.Type) async throws -> Result {
        let line = try await loop.call(method: method.wireName, params: try WireLine.encode(params), environment: reset)
        guard let range = WireScan(line)?.result else {
            throw WireError(code: WireError.internalError, message: "the harness answered '\(method.wireName)' without a result")
        }
        return try WireCodec.decoder.decode(Result.self, from: Data(line[range]))
    }

    /// Sends a request whose answer carries nothing the app needs (`{}`).
    func call(_ method: BrokerMethod, _ params: some Encodable) async throws {
        _ = try await loop.call(method: method.wireName, params: try WireLine.encode(params), environment: reset)
    }
}
