import SingleLoginCallValues

/// One MSAL call the app made, as the recorder saw it pass through the seam: the method, its
/// parameters, and the result or the error. Parameters use the adapter kit's keys
/// (`SilentTokenParameters`, `InteractiveTokenParameters`, `SignoutParameters`), so the harness
/// reads them into the same typed broker call values a simulated run records.
public struct RecordedCall: Codable, Sendable, Hashable {
    /// The method, by its wire name (`getDeviceInformation`, `acquireTokenSilent`, ...; `fetchRecords`
    /// for a call of the app's backend that the app reported with ``SessionRecorder/backendCall(accessToken:records:error:)``).
    public var method: String
    /// What it was called with.
    public var parameters: Parameters
    /// What it returned, when it succeeded.
    public var result: Result?
    /// Its error, when it failed.
    public var error: BrokerCallError?

    /// Creates a call.
    public init(method: String, parameters: Parameters = Parameters(), result: Result? = nil, error: BrokerCallError? = nil) {
        self.method = method
        self.parameters = parameters
        self.result = result
        self.error = error
    }

    /// A call's parameters: each key present only for the methods that take it (the event stream's too).
    public typealias Parameters = BrokerCallParameters

    /// What a call that succeeded returned; tokens only as keyed digests.
    public struct Result: Codable, Sendable, Hashable {
        /// `getDeviceInformation`: `shared` or `default`.
        public var deviceMode: String?
        /// `getDeviceInformation`: `hasAADSSOExtension`.
        public var hasAADSSOExtension: Bool?
        /// `getDeviceInformation`: `extraDeviceInformation`, as MSAL gave it.
        public var extraDeviceInformation: [String: String]?
        /// `getCurrentAccount`, token calls, account lookups: the account.
        public var account: Account?
        /// `getCurrentAccount`: the previous account.
        public var previousAccount: Account?
        /// `allAccounts`, `accountsFromDevice`: the accounts, in order.
        public var accounts: [Account]?
        /// Token calls: the keyed digest of the access token.
        public var accessToken: String?
        /// Token calls: the keyed digest of the id token, nil when the result carried none.
        public var idToken: String?
        /// Token calls: the scopes granted.
        public var scopes: [String]?
        /// `signout`: what MSAL's completion said.
        public var signedOut: Bool?
        /// `fetchRecords` (the app's backend): how many records it returned.
        public var records: Int?

        /// Creates a result; every key absent.
        public init() {}
    }

    /// An account a call returned (the event stream's too).
    public typealias Account = BrokerCallAccount
}
