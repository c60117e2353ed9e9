import SingleLoginJSON

/// How the harness hands a token to the backend: a JSON field in the body (default
/// `{"id_token": "<jwt>"}`) or an `Authorization: Bearer` header, at a path (default `/session`).
public struct SessionRequestShape: Sendable, Hashable {
    /// The request target, e.g. `/session` or `/api/login?x=1`.
    public var target: String
    /// The JSON field that carries the token (ignored with ``bearer``).
    public var tokenField: String
    /// Send the token as `Authorization: Bearer <jwt>` instead, with an empty body.
    public var bearer: Bool

    /// Creates a shape.
    public init(target: String = "/session", tokenField: String = "id_token", bearer: Bool = false) {
        self.target = target
        self.tokenField = tokenField
        self.bearer = bearer
    }

    /// The request that carries `token`.
    public func request(token: String) -> HTTPRequest {
        if bearer {
            return HTTPRequest(method: "POST", target: target, headers: [HTTPHeader("Authorization", "Bearer \(token)")])
        }
        return json(JSONValue.object([JSONValue.Member(key: tokenField, value: .string(token))]).compact)
    }

    /// Requests without a usable token (BE-INPUT-1), each with a label.
    public func requestsWithoutToken() -> [(label: String, request: HTTPRequest)] {
        if bearer {
            return [
                ("no Authorization header", HTTPRequest(method: "POST", target: target)),
                ("an empty bearer token", HTTPRequest(method: "POST", target: target, headers: [HTTPHeader("Authorization", "Bearer ")])),
                ("another scheme (Basic)", HTTPRequest(method: "POST", target: target, headers: [HTTPHeader("Authorization", "Basic c2w6Y29uZm9ybWFuY2U=")])),
            ]
        }
        return [
            ("a JSON object without '\(tokenField)'", json("{}")),
            ("an empty body", HTTPRequest(method: "POST", target: target, headers: [HTTPHeader("Content-Type", "application/json")])),
            ("a body that is not JSON", json("id_token=eyJ0eXAiOiJKV1QifQ")),
        ]
    }

    private func json(_ body: String) -> HTTPRequest {
        HTTPRequest(method: "POST", target: target, headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8))
    }
}
