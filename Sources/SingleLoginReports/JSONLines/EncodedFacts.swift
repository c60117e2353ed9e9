/// What the harness's broker knew at an observation, on the wire: the facts a check looks up
/// besides the observation and the calls (`observed` events of `run`).
public struct EncodedFacts: Codable, Hashable, Sendable {
    /// The markers of each user's sessions so far, in order, by the spec's account name.
    public var sessions: [String: [String]]
    /// The spec names of the accounts signed in on the device, in order.
    public var deviceAccounts: [String]
    /// Whether the app's declared MSAL configuration lets MSAL use the broker.
    public var brokerEnabled: Bool

    /// Creates facts.
    public init(sessions: [String: [String]], deviceAccounts: [String], brokerEnabled: Bool) {
        self.sessions = sessions
        self.deviceAccounts = deviceAccounts
        self.brokerEnabled = brokerEnabled
    }
}
