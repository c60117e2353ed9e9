import Foundation

/// `MSALResult`: what a successful token acquisition returns.
public struct MSALResult: Hashable, Codable, Sendable {
    /// The access token for the requested resource.
    public var accessToken: String
    /// The id token. MSAL itself never returns nil here (it fails with -50000/-42600 instead), but the
    /// property is declared nullable and wrappers expose it as optional: handle nil, never force-unwrap.
    public var idToken: String?
    /// When the access token expires: the time of issuance plus the server's `expires_in` (about an hour).
    public var expiresOn: Date?
    /// The scopes GRANTED: possibly fewer than asked for, never the `extraScopesToConsent`.
    public var scopes: [String]
    /// The account the token belongs to, with its claims from the id token.
    public var account: MSALAccount
    /// The tenant the token was issued in.
    public var tenantId: String
    /// The correlation id of the request.
    public var correlationId: String
    /// The authority that issued the token.
    public var authority: String

    /// Creates a result.
    public init(
        accessToken: String, idToken: String?, expiresOn: Date?, scopes: [String], account: MSALAccount, tenantId: String, correlationId: String,
        authority: String
    ) {
        self.accessToken = accessToken
        self.idToken = idToken
        self.expiresOn = expiresOn
        self.scopes = scopes
        self.account = account
        self.tenantId = tenantId
        self.correlationId = correlationId
        self.authority = authority
    }
}
