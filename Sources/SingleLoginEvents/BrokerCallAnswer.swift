/// How the broker or the backend answered a call: what it returned, or the error it raised.
public enum BrokerCallAnswer: Sendable, Hashable {
    /// The call returned.
    case result(BrokerCallResult)
    /// The call failed.
    case error(BrokerCallError)
}
