/// What the harness's broker knew when a step's checks were judged: every fact the evaluator
/// looks up besides the observation and the calls, so that a transcript alone re-judges its test
/// case (`sl-conformance verify`). Its JSON (the `facts` of an `observed` event) is its members,
/// in this order.
public struct BrokerFacts: Codable, Sendable, Hashable {
    /// The markers of every session each user has had so far, in order (session 1 first), by the spec's account name.
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
