import Foundation
import SingleLoginCrypto
import SingleLoginSpec

/// Builds Entra v2 ID tokens (and the one v1 Graph access token) for a run's tenant identity.
///
/// A valid token is exactly what Entra issues for a v2 app: header `typ`, `alg` RS256, `kid`;
/// claims `aud iss iat nbf exp name nonce oid preferred_username sub tid ver`, `exp` one hour
/// after `iat`. Forgeries start from it and change only what their case names.
public struct TokenMint: Sendable {
    /// The run's GUIDs.
    public let identity: TenantIdentity
    /// The current time in whole seconds since 1970, read for each token.
    public let now: @Sendable () -> Int

    /// Creates a mint; `now` defaults to the wall clock.
    public init(identity: TenantIdentity, now: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.identity = identity
        self.now = now
    }

    /// A user of a tenant: the home tenant's, or another's.
    public struct User: Sendable, Hashable {
        /// The object id (`oid`).
        public var objectID: String
        /// The pairwise subject (`sub`).
        public var subject: String
        /// `preferred_username`.
        public var username: String
        /// `name`.
        public var name: String
    }

    /// The user signing in from `tenant` (stable within a run).
    public func user(of tenant: String) -> User {
        let home = tenant == identity.homeTenantID
        return User(
            objectID: Self.derivedGUID(tenant, "oid"), subject: Base64URL.encode(Array((tenant + "/sub").utf8)).prefix(43).description,
            username: home ? "adele.vance@contoso.example" : "megan.bowen@fabrikam.example", name: home ? "Adele Vance" : "Megan Bowen")
    }

    /// `{"typ":"JWT","alg":"RS256","kid":kid}`, as Entra writes an ID token's header.
    public static func header(kid: String, alg: String = "RS256") -> JSONValue {
        .members(["typ": "JWT", "alg": .string(alg), "kid": .string(kid)])
    }

    /// The claims of a valid v2 ID token from `tenant` (default: home), issued at `issuedAt` (default: now).
    public func idTokenClaims(tenant: String? = nil, issuedAt: Int? = nil) -> JSONValue {
        let tenant = tenant ?? identity.homeTenantID
        let iat = issuedAt ?? now()
        let user = user(of: tenant)
        return .members([
            "aud": .string(identity.clientID),
            "iss": .string(TenantIdentity.issuer(of: tenant)),
            "iat": .integer(iat),
            "nbf": .integer(iat),
            "exp": .integer(iat + 3600),
            "name": .string(user.name),
            "nonce": .string(Self.derivedGUID(String(iat), "nonce")),
            "oid": .string(user.objectID),
            "preferred_username": .string(user.username),
            "sub": .string(user.subject),
            "tid": .string(tenant),
            "ver": "2.0",
        ])
    }

    /// A valid ID token from `tenant` signed by the tenant key.
    public func validToken(tenant: String? = nil) -> ForgedToken {
        .rs256(header: Self.header(kid: TestKeys.tenant.kid), claims: idTokenClaims(tenant: tenant), key: TestKeys.tenant, keyName: "the tenant key")
    }

    /// A v1 Microsoft Graph access token for the signed-in user, RS256 over its header (with `nonce`) by the tenant key.
    public func graphAccessToken() -> ForgedToken {
        let tenant = identity.homeTenantID
        let iat = now()
        let user = user(of: tenant)
        let header: JSONValue = .members([
            "typ": "JWT", "nonce": .string(Base64URL.encode(Array(Self.derivedGUID(String(iat), "graph-nonce").utf8))),
            "alg": "RS256", "x5t": .string(TestKeys.tenant.kid), "kid": .string(TestKeys.tenant.kid),
        ])
        let claims: JSONValue = .members([
            "aud": "00000003-0000-0000-c000-000000000000",
            "iss": .string("https://sts.windows.net/\(tenant)/"),
            "iat": .integer(iat), "nbf": .integer(iat), "exp": .integer(iat + 3600),
            "acct": 0, "amr": .array(["pwd"]),
            "app_displayname": "Contoso Shifts",
            "appid": .string(identity.clientID), "appidacr": "0",
            "idtyp": "user", "name": .string(user.name), "oid": .string(user.objectID),
            "scp": "openid profile User.Read email",
            "sub": .string(user.subject), "tid": .string(tenant),
            "unique_name": .string(user.username), "upn": .string(user.username),
            "ver": "1.0",
        ])
        return .rs256(header: header, claims: claims, key: TestKeys.tenant, keyName: "the tenant key")
    }

    /// A GUID-shaped text derived from `seed` and `purpose` (stable, distinct per purpose).
    static func derivedGUID(_ seed: String, _ purpose: String) -> String {
        let hex = SHA256.hexDigest(Array((seed + "|" + purpose).utf8))
        let characters = Array(hex.prefix(32))
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}
