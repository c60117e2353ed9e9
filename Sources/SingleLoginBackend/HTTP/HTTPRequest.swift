/// An HTTP request: method, path (with its query), headers and body; one the loopback server
/// received, or one ``HTTPClient`` sends (adding Host, Content-Length and Connection).
public struct HTTPRequest: Sendable, Hashable {
    /// `GET`, `POST`...
    public var method: String
    /// The request target as sent, e.g. `/views/1/organizations/v2.0/.well-known/openid-configuration`.
    public var target: String
    /// Header fields in order, names as sent (when sending: besides Host, Content-Length and Connection).
    public var headers: [HTTPHeader]
    /// The body (one the server received is bounded by its limit).
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, target: String, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The path without the query.
    public var path: String { String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "") }

    /// The first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
