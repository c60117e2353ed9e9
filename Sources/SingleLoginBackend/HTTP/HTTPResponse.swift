/// A response: status, headers and body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The reason phrase.
    public var reason: String
    /// Header fields in order (the server adds Content-Length and Connection itself).
    public var headers: [HTTPHeader]
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, reason: String? = nil, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.reason = reason ?? Self.reasons[status] ?? "Status"
        self.headers = headers
        self.body = body
    }

    /// A JSON response.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [HTTPHeader("Content-Type", "application/json; charset=utf-8"), HTTPHeader("Cache-Control", "no-store")],
            body: Array(text.utf8))
    }

    /// A plain-text response.
    public static func text(_ text: String, status: Int) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    /// The first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    static let reasons: [Int: String] = [
        200: "OK", 201: "Created", 204: "No Content", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 413: "Content Too Large",
        431: "Request Header Fields Too Large", 500: "Internal Server Error", 503: "Service Unavailable",
    ]
}
