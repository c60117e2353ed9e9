import Foundation

/// The routing fields of a wire message, decoded without building its params or result.
///
/// Both ends decode a line twice: once as an envelope, to tell requests from responses and
/// find the id, then once into the typed params or result it carries (``WireParams``,
/// ``WireResult``). That is cheaper than decoding into ``JSONValue`` and converting.
public struct WireEnvelope: Decodable, Sendable {
    /// `"2.0"`.
    public var jsonrpc: String
    /// The request id, or the id a response answers.
    public var id: JSONValue?
    /// The method, for requests and notifications.
    public var method: String?
    /// The error, for failed responses.
    public var error: WireError?

    /// Whether this is a request or notification (it has a method).
    public var isRequest: Bool { method != nil }

    /// The id as an integer, when it is one.
    public var integerId: Int? {
        if case .number(let number)? = id { return Int(exactly: number) }
        return nil
    }
}

/// The `result` of a response, typed.
public struct WireResult<Result: Decodable>: Decodable {
    /// The result.
    public var result: Result
}

/// The `params` of a request, typed.
public struct WireParams<Params: Decodable>: Decodable {
    /// The parameters.
    public var params: Params
}

/// A successful response with a typed result, encoded in one pass.
public struct WireResponse<Result: Encodable>: Encodable {
    /// Always `"2.0"`.
    public var jsonrpc = "2.0"
    /// The id of the request answered.
    public var id: JSONValue
    /// The result.
    public var result: Result

    /// Creates a response.
    public init(id: JSONValue, result: Result) {
        self.id = id
        self.result = result
    }
}

/// A request with typed parameters, encoded in one pass.
public struct WireRequest<Params: Encodable>: Encodable {
    /// Always `"2.0"`.
    public var jsonrpc = "2.0"
    /// The request id.
    public var id: Int
    /// The method.
    public var method: String
    /// The parameters.
    public var params: Params

    /// Creates a request.
    public init(id: Int, method: String, params: Params) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// An empty object, for `{}` params and results.
public struct WireEmpty: Codable, Sendable, Hashable {
    /// Creates `{}`.
    public init() {}
}

extension WireCodec {
    /// One line of JSON for `value`, without the newline.
    public static func line(_ value: some Encodable) throws -> Data { try encoder.encode(value) }
}
