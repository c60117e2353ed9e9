import Foundation

/// An access token the simulated broker issued, as the backend checks it.
struct IssuedToken: Sendable {
    /// The token.
    var value: String
    /// Which of its session's issuances it is (from 1).
    var issuance: Int
    /// The session it belongs to.
    var session: UserSession
    /// The scopes it was issued for, lowercased and sorted.
    var scopes: [String]
    /// When it was issued, on the simulated clock.
    var issuedAt: Date
    /// When it expires: an hour after issuance, Entra's usual lifetime.
    var expiresOn: Date

    /// Entra's usual access-token lifetime.
    static let lifetime: TimeInterval = 3600
    /// MSAL treats a cached token as expired this long before it does (`tokenExpirationBuffer`, `MSIDAccessToken.m`).
    static let expirationBuffer: TimeInterval = 300
}
