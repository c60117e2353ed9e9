import Foundation

/// One JSON-RPC 2.0 message: a request (with `id`), a notification (no `id`) or a response.
public struct WireMessage: Hashable, Codable, Sendable {
    /// Always `"2.0"`.
    public var jsonrpc: String = "2.0"
    /// The request id; responses repeat it.
    public var id: JSONValue?
    /// The method, for requests and notifications.
    public var method: String?
    /// The parameters, for requests.
    public var params: JSONValue?
    /// The result, for successful responses.
    public var result: JSONValue?
    /// The error, for failed responses.
    public var error: WireError?

    /// A request.
    public static func request(id: Int, method: String, params: JSONValue? = nil) -> WireMessage {
        WireMessage(id: .number(Double(id)), method: method, params: params)
    }

    /// A successful response.
    public static func response(id: JSONValue, result: JSONValue) -> WireMessage {
        WireMessage(id: id, result: result)
    }

    /// A failed response.
    public static func failure(id: JSONValue?, error: WireError) -> WireMessage {
        WireMessage(id: id ?? .null, error: error)
    }

    /// Whether this is a request or notification (it has a method).
    public var isRequest: Bool { method != nil }

    /// The message as one line of JSON, without the newline.
    public func encodedLine() throws -> Data {
        try WireCodec.encoder.encode(self)
    }
}
