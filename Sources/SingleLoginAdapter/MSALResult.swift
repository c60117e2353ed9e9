import Foundation

/// `MSALResult`: what a successful token acquisition returns.
public struct MSALResult: Hashable, Codable, Sendable {
    /// The access token for the requested resource.
    public var accessToken: String
    /// The id token; OPTIONAL in MSAL. A missing one is a failure to handle, never a force unwrap.
    public var idToken: String?
    /// When the access token expires.
    public var expiresOn: Date?
    /// The scopes GRANTED, possibly fewer than asked for.
    public var scopes: [String]
    /// The account the token belongs to.
    public var account: MSALAccount
    /// The tenant the token was issued in.
    public var tenantId: String
    /// The correlation id of the request.
    public var correlationId: String
    /// The authority that issued the token.
    public var authority: String

    /// Creates a result.
    public init(accessToken: String, idToken: String?, expiresOn: Date?, scopes: [String], account: MSALAccount, tenantId: String, correlationId: String, authority: String) {
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
