/// The routing fields of a wire message, decoded without building its params or result.
///
/// Both ends decode a line twice: once as an envelope, to tell requests from responses and
/// find the id, then once into the typed params or result it carries (``WireParams``,
/// ``WireResult``). That is cheaper than decoding into `JSONValue` and converting.
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
