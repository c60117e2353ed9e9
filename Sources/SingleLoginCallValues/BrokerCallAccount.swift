/// An account a call returned, by the two values a judge compares accounts by: the event stream
/// (a result's `account`, `previous`, `accounts`) and the device trace write it with these keys.
public struct BrokerCallAccount: Codable, Sendable, Hashable {
    /// Its username, when it has one.
    public var username: String?
    /// Its identifier (`oid.tid`), when it has one.
    public var identifier: String?

    /// Creates an account.
    public init(username: String?, identifier: String?) {
        self.username = username
        self.identifier = identifier
    }
}
