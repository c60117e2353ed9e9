import SingleLoginAdapter

/// The app's own MSAL cache, as far as MSAL's account calls read it (`MSALAccountsProvider.m`,
/// `MSIDDefaultTokenCacheAccessor.m`): one record per account, signed in or out for this client.
///
/// A record is written SignedIn whenever a token response arrives for the account (also just before
/// MSAL fails with -42600 or -50003, which it raises after saving). Only the app's own signout or
/// remove marks it SignedOut; nothing the broker does reaches it, so after a device-wide sign-out or
/// a user change it still names the earlier user.
///
/// MSAL keeps two things per account: its records in the token cache and its sign-in state for this
/// client in the account metadata. `wipeAccount` deletes the records for every client, but MSAL
/// still writes SignedOut into the metadata afterwards (`MSALPublicClientApplication.m:1196-1204`,
/// then `:1233-1237`). So a wiped account is still a record here, with ``Record/inTokenCache`` false:
/// no call lists it, and the app's silent calls for it fail at once (`:799-804`).
struct LocalAccountCache: Sendable {
    /// One account the app's MSAL cache knows.
    struct Record: Sendable {
        /// The user.
        var user: SimulatedUser
        /// SignedIn or SignedOut for this client.
        var signedIn: Bool
        /// The session of the last token response.
        var session: UserSession
        /// Whether the response left a refresh token and an id token in the app's cache: in Shared
        /// Device Mode it does not (MSAL keeps only SSO state: `saveSSOStateOnly`), without the broker it does.
        var holdsTokens: Bool
        /// Whether the token cache holds the account: false once `wipeAccount` deleted its records
        /// and only the SignedOut state remains.
        var inTokenCache = true
    }

    /// The records, in the order they were first written.
    private(set) var records: [Record] = []

    /// A token response for `session` arrived: the account is SignedIn for this client.
    mutating func tokenResponse(_ session: UserSession, holdsTokens: Bool) {
        let record = Record(user: session.user, signedIn: true, session: session, holdsTokens: holdsTokens)
        if let index = index(of: session.user.identifier) { records[index] = record } else { records.append(record) }
    }

    /// The app signed the account out or removed it: SignedOut for this client, its tokens gone.
    mutating func signOut(identifier: String) {
        guard let index = index(of: identifier) else { return }
        records[index].signedIn = false
        records[index].holdsTokens = false
    }

    /// `wipeAccount`: the account's records gone for every client; SignedOut for this client remains.
    mutating func wipe(identifier: String) {
        guard let index = index(of: identifier) else { return }
        records[index].signedIn = false
        records[index].holdsTokens = false
        records[index].inTokenCache = false
    }

    /// `wipeCacheForAllAccounts`: everything gone.
    mutating func wipeAll() { records.removeAll() }

    /// The record of `identifier` (case-insensitive), signed in or not, wiped or not.
    func record(identifier: String) -> Record? {
        index(of: identifier).map { records[$0] }
    }

    /// The accounts SignedIn for this client, in order.
    var signedIn: [Record] { records.filter(\.signedIn) }

    private func index(of identifier: String) -> Int? {
        records.firstIndex { $0.user.identifier.lowercased() == identifier.lowercased() }
    }
}
