/// One broker or backend call on the wire (version 2): the call's parameters and its answer as
/// structured values, never as text.
public struct EncodedBrokerCall: Codable, Hashable, Sendable {
    /// Its position in the test case's transcript, from 1.
    public var sequence: Int
    /// The 0-based step during which it was made; absent during reset.
    public var stepIndex: Int?
    /// The method, e.g. `acquireTokenSilent`.
    public var method: String
    /// The parameters the method was called with (`{}` for a method that takes none).
    public var parameters: Parameters
    /// The answer: `{"result": ...}` or `{"error": ...}`.
    public var answer: Answer
    /// The broker's remarks on how it answered, for people; absent when it made none.
    public var notes: [String]?
    /// `broadcasts` when a broadcast the step caused led to the call; absent for the step's own event.
    public var during: String?

    /// A call's parameters: the fields of its method, each absent when the method has no such field
    /// or the app passed nil.
    public struct Parameters: Codable, Hashable, Sendable {
        /// Token calls: the scopes asked for.
        public var scopes: [String]?
        /// `acquireToken`: extra scopes to consent to now.
        public var extraScopesToConsent: [String]?
        /// `acquireToken`: the prompt type, e.g. `selectAccount`.
        public var promptType: String?
        /// `acquireToken`: the login hint, as the app passed it.
        public var loginHint: String?
        /// `acquireTokenSilent`, `acquireToken`, `signout`, `removeAccount`: the account's identifier.
        public var accountIdentifier: String?
        /// `acquireTokenSilent`: skip the cached access token.
        public var forceRefresh: Bool?
        /// `acquireTokenSilent`: MSAL's fallback to the app's own refresh token.
        public var allowUsingLocalCachedRtWhenSsoExtFailed: Bool?
        /// `acquireToken`, `signout`: whether the webview's parent view controller is in a window.
        public var parentInWindow: Bool?
        /// `signout`: also end the browser session.
        public var signoutFromBrowser: Bool?
        /// `signout`: remove the account's records for every client.
        public var wipeAccount: Bool?
        /// `signout`: remove every account of the keychain group.
        public var wipeCacheForAllAccounts: Bool?
        /// `signout`: whether the app passed webview parameters.
        public var hasWebviewParameters: Bool?
        /// `accountForIdentifier`: the identifier looked up.
        public var identifier: String?
        /// `accountForUsername`: the username looked up.
        public var username: String?
        /// `fetchRecords`: the access token the app sent.
        public var accessToken: String?

        /// No parameters.
        public init() {}
    }

    /// A call's answer: exactly one of ``result`` and ``error``.
    public struct Answer: Codable, Hashable, Sendable {
        /// What a call that returned returned.
        public var result: Returned?
        /// The error of a call that failed.
        public var error: Raised?

        /// Creates an answer.
        public init(result: Returned? = nil, error: Raised? = nil) {
            self.result = result
            self.error = error
        }
    }

    /// What a call returned: `kind` says which fields it has.
    public struct Returned: Codable, Hashable, Sendable {
        /// `deviceInformation`, `currentAccount`, `accounts`, `account`, `token`, `signout`,
        /// `removedFromAppCache` or `records`.
        public var kind: String
        /// `deviceInformation`: `shared` or `default`.
        public var deviceMode: String?
        /// `currentAccount`, `account`: the account; absent for none.
        public var account: Account?
        /// `currentAccount`: the previous account; absent for none.
        public var previous: Account?
        /// `accounts`: the accounts, in order.
        public var accounts: [Account]?
        /// `token`, `records`, `signout` (`signedOutOnDevice`): the account's name in the spec.
        public var user: String?
        /// `token`, `records`: which of the user's sessions, from 1.
        public var session: Int?
        /// `token`: which of the session's access tokens, from 1.
        public var issuance: Int?
        /// `token`: the scopes it was returned for.
        public var scopes: [String]?
        /// `token`: `false` when the result carried no id token; absent otherwise.
        public var idToken: Bool?
        /// `signout`: `appCacheOnly`, `notOnDevice` or `signedOutOnDevice`.
        public var signout: String?
        /// `signout` (`signedOutOnDevice`): `false` when no account-change broadcast was posted; absent otherwise.
        public var broadcast: Bool?
        /// `records`: how many.
        public var count: Int?

        /// A result of `kind` with no other fields.
        public init(kind: String) { self.kind = kind }
    }

    /// An account in a result.
    public struct Account: Codable, Hashable, Sendable {
        /// Its username, when it has one.
        public var username: String?
        /// Its identifier, when it has one.
        public var identifier: String?
    }

    /// A failed call's error.
    public struct Raised: Codable, Hashable, Sendable {
        /// E.g. `MSALErrorDomain`, `BackendErrorDomain`.
        public var domain: String
        /// The top-level code, e.g. -50002.
        public var code: Int
        /// MSAL's internal code, when it has one.
        public var internalCode: Int?
        /// The message, for people.
        public var message: String
        /// The scopes the server declined (-50003), when it declined some.
        public var declinedScopes: [String]?
    }
}
