import SingleLoginEvents

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
    /// For a late call (made after its step's event was answered, when a held answer let the app
    /// go on): the later step, and part, the broker answered it in; absent for every other call.
    public var answeredLater: AnsweredLater?
    /// `true` when the harness held the answer until a `release` step; absent for every other call.
    public var held: Bool?

    /// The step, and part of it, a late call was answered in.
    public struct AnsweredLater: Codable, Hashable, Sendable {
        /// The 0-based step; absent during reset.
        public var stepIndex: Int?
        /// `broadcasts` when the step's broadcasts were being delivered; absent for its own event.
        public var during: String?
    }

    /// A call's parameters: the fields of its method, each absent when the method has no such field
    /// or the app passed nil (the device trace's too).
    public typealias Parameters = BrokerCallParameters

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
    public typealias Account = BrokerCallAccount

    /// A failed call's error.
    public typealias Raised = BrokerCallError
}
