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
    /// What a verifier must hold to check its signature, where its probe makes more than one kind
    /// (HS256 keyed with the PEM or with n; a malformed token signed or not); nil: the probe's own.
    public var signature: TokenCatalogue.Signature?

    /// Creates a shot.
    public init(
        label: String, token: ForgedToken?, request: HTTPRequest, expect: BackendExpectation, timeLimit: Duration, signature: TokenCatalogue.Signature? = nil
    ) {
        self.signature = signature
        self.label = label
        self.token = token
        self.request = request
        self.expect = expect
        self.timeLimit = timeLimit
    }
}
