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
    public var error: RecordedError?

    /// Creates a call.
    public init(method: String, parameters: Parameters = Parameters(), result: Result? = nil, error: RecordedError? = nil) {
        self.method = method
        self.parameters = parameters
        self.result = result
        self.error = error
    }

    /// A call's parameters: each key present only for the methods that take it.
    public struct Parameters: Codable, Sendable, Hashable {
        /// Token calls: the scopes asked for.
        public var scopes: [String]?
        /// The account the call names (its identifier), when it names one.
        public var accountIdentifier: String?
        /// `acquireTokenSilent`: `forceRefresh`.
        public var forceRefresh: Bool?
        /// `acquireTokenSilent`: `allowUsingLocalCachedRtWhenSsoExtFailed`.
        public var allowUsingLocalCachedRtWhenSsoExtFailed: Bool?
        /// `acquireToken`: `extraScopesToConsent`.
        public var extraScopesToConsent: [String]?
        /// `acquireToken`: `promptType`.
        public var promptType: String?
        /// `acquireToken`: `loginHint`.
        public var loginHint: String?
        /// `acquireToken`, `signout`: whether the web view's parent view controller was in a window.
        public var parentInWindow: Bool?
        /// `signout`: `signoutFromBrowser`.
        public var signoutFromBrowser: Bool?
        /// `signout`: `wipeAccount`.
        public var wipeAccount: Bool?
        /// `signout`: `wipeCacheForAllAccounts`.
        public var wipeCacheForAllAccounts: Bool?
        /// `signout`: whether the app passed web view parameters.
        public var hasWebviewParameters: Bool?
        /// `accountForIdentifier`: the identifier looked up.
        public var identifier: String?
        /// `accountForUsername`: the username looked up.
        public var username: String?
        /// `fetchRecords` (the app's backend): the keyed digest of the access token it sent.
        public var accessToken: String?

        /// Creates parameters; every key absent.
        public init() {}
    }

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

    /// An account a call returned: the two values a judge compares accounts by.
    public struct Account: Codable, Sendable, Hashable {
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
}

/// An error as MSAL delivered it: what a judge reads (domain, code, internal code), and the message for people.
public struct RecordedError: Codable, Sendable, Hashable {
    /// The error's domain.
    public var domain: String
    /// Its code.
    public var code: Int
    /// `MSALInternalErrorCodeKey`, when present.
    public var internalCode: Int?
    /// `MSALErrorDescriptionKey`, for people (tokens in it replaced by their digests).
    public var message: String
    /// `MSALDeclinedScopesKey` (-50003), when present.
    public var declinedScopes: [String]?

    /// Creates an error.
    public init(domain: String, code: Int, internalCode: Int? = nil, message: String, declinedScopes: [String]? = nil) {
        self.domain = domain
        self.code = code
        self.internalCode = internalCode
        self.message = message
        self.declinedScopes = declinedScopes
    }
}
