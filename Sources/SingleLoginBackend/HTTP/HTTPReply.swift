/// A reply's status, head and (capped) body.
public struct HTTPReply: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The reason phrase.
    public var reason: String
    /// The header fields.
    public var headers: [HTTPHeader]
    /// The first ``HTTPClient/keptBodyBytes`` bytes of the body.
    public var body: [UInt8]
    /// The body's full length in bytes.
    public var bodyByteCount: Int

    /// Creates a reply.
    public init(status: Int, reason: String, headers: [HTTPHeader], body: [UInt8], bodyByteCount: Int) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.bodyByteCount = bodyByteCount
    }
}
