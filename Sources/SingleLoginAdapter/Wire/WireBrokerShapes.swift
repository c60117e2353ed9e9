/// The params and results of the app's calls on the wire (`msal.*`, `backend.*`) whose shape is not
/// one of the kit's own types, shared by both ends so that they cannot drift apart.
public enum WireBrokerShapes {
    /// `{"accounts": [ACCOUNT]}`: the result of `msal.allAccounts` and `msal.accountsFromDevice`.
    public struct Accounts: Codable, Sendable, Hashable {
        /// The accounts, possibly none.
        public var accounts: [MSALAccount]
        /// Creates the result.
        public init(accounts: [MSALAccount]) { self.accounts = accounts }
    }

    /// `{"account": ACCOUNT}` or `{}` when none: the result of `msal.accountForIdentifier` and `msal.accountForUsername`.
    public struct OptionalAccount: Codable, Sendable, Hashable {
        /// The account, or nil.
        public var account: MSALAccount?
        /// Creates the result.
        public init(account: MSALAccount?) { self.account = account }
    }

    /// `{"identifier": "..."}`: the params of `msal.accountForIdentifier`.
    public struct Identifier: Codable, Sendable, Hashable {
        /// The identifier looked for.
        public var identifier: String
        /// Creates the params.
        public init(identifier: String) { self.identifier = identifier }
    }

    /// `{"username": "..."}`: the params of `msal.accountForUsername`.
    public struct Username: Codable, Sendable, Hashable {
        /// The username looked for.
        public var username: String
        /// Creates the params.
        public init(username: String) { self.username = username }
    }

    /// `{"accountIdentifier": "..."}` (absent: no account): the params of `msal.removeAccount`.
    public struct AccountIdentifier: Codable, Sendable, Hashable {
        /// The account's identifier.
        public var accountIdentifier: String?
        /// Creates the params.
        public init(accountIdentifier: String?) { self.accountIdentifier = accountIdentifier }
    }

    /// `{"accessToken": "..."}`: the params of `backend.fetchRecords`.
    public struct AccessToken: Codable, Sendable, Hashable {
        /// The access token.
        public var accessToken: String
        /// Creates the params.
        public init(accessToken: String) { self.accessToken = accessToken }
    }

    /// `{"records": [...]}`: the result of `backend.fetchRecords`.
    public struct Records: Codable, Sendable, Hashable {
        /// The records.
        public var records: [UserRecord]
        /// Creates the result.
        public init(records: [UserRecord]) { self.records = records }
    }
}
