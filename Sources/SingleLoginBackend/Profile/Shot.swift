/// One request of a case: a token (or a deliberately bad request), and what it must get.
public struct Shot: Sendable, Hashable {
    /// What it is, e.g. `iss of tenant A with tid B`.
    public var label: String
    /// The token it carries, when it carries one.
    public var token: ForgedToken?
    /// The request.
    public var request: HTTPRequest
    /// What the answer must be.
    public var expect: BackendExpectation
    /// How long the answer may take.
    public var timeLimit: Duration

    /// Creates a shot.
    public init(label: String, token: ForgedToken?, request: HTTPRequest, expect: BackendExpectation, timeLimit: Duration) {
        self.label = label
        self.token = token
        self.request = request
        self.expect = expect
        self.timeLimit = timeLimit
    }
}
