import SingleLoginAdapter

/// What a call that succeeded returned, as far as a transcript keeps it: who, which session and
/// token, which mode, how many records. Tokens, claims and correlation ids are left out (the
/// broker derives them from the rest).
public enum BrokerCallResult: Sendable, Hashable {
    /// `getDeviceInformation`: the device's mode.
    case deviceInformation(mode: DeviceMode)
    /// `getCurrentAccount`: the current and the previous account, each nil when there is none.
    case currentAccount(Account?, previous: Account?)
    /// `allAccounts`, `accountsFromDevice`: the accounts, in order.
    case accounts([Account])
    /// `accountForIdentifier`, `accountForUsername`: the account found, or nil.
    case account(Account?)
    /// `acquireTokenSilent`, `acquireToken`: the token issued.
    case token(Token)
    /// `signout`: what it signed out.
    case signout(Signout)
    /// `removeAccount`: removed from the app's own MSAL cache; the device is unchanged.
    case removedFromAppCache
    /// `fetchRecords`: the backend's records of a user's session.
    case records(count: Int, user: String, session: Int)

    /// An account a call returned, by its username and its identifier.
    public typealias Account = BrokerCallAccount

    /// A token a call returned.
    public struct Token: Sendable, Hashable {
        /// The account's name in the spec.
        public var user: String
        /// Which of the user's sessions (from 1).
        public var session: Int
        /// Which of the session's access tokens (from 1).
        public var issuance: Int
        /// The scopes it was returned for.
        public var scopes: [String]
        /// Whether the result carried an id token.
        public var idToken: Bool

        /// Creates a token.
        public init(user: String, session: Int, issuance: Int, scopes: [String], idToken: Bool = true) {
            self.user = user
            self.session = session
            self.issuance = issuance
            self.scopes = scopes
            self.idToken = idToken
        }
    }

    /// What a signout that succeeded did.
    public enum Signout: Sendable, Hashable {
        /// MSAL may not use the broker: the app's own cache only; the device is unchanged.
        case appCacheOnly
        /// The account is not signed in on the device: nothing was signed out there.
        case notOnDevice
        /// `user` was signed out on the device, with the account-change broadcast or without it.
        case signedOutOnDevice(user: String, broadcast: Bool)
    }
}
