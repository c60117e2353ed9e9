/// One broker or backend call on the wire.
public struct EncodedBrokerCall: Codable, Hashable, Sendable {
    /// Its position in the test case's transcript, from 1.
    public var sequence: Int
    /// The 0-based step during which it was made; absent during reset.
    public var stepIndex: Int?
    /// The method, e.g. `acquireTokenSilent`.
    public var method: String
    /// The parameters, as compact text.
    public var parameters: String
    /// The answer, as compact text.
    public var answer: String
    /// Whether the answer was an error.
    public var failed: Bool
    /// The scopes asked for, for token calls (interactive: with the extra scopes to consent); absent otherwise.
    public var scopes: [String]?
    /// `broadcasts` when a broadcast the step caused led to the call; absent for the step's own event.
    public var during: String?
}
