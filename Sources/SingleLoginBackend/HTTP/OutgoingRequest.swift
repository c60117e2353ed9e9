/// A request to send.
public struct OutgoingRequest: Sendable, Hashable {
    /// `POST` or `GET`.
    public var method: String
    /// The request target, e.g. `/session`.
    public var target: String
    /// Header fields (Host, Content-Length and Connection are added when sent).
    public var headers: [HTTPHeader]
    /// The body.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, target: String, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }
}
