/// The probes the harness can run; a case names one.
public enum BackendProbe: String, Sendable, Hashable, CaseIterable {
    /// A valid token (multi mode: also another tenant's).
    case validToken
    /// nbf and iat 60 s ahead.
    case clockSkew
    /// A valid token, a new key in the JWKS, a token signed by it after the wait.
    case keyRotation
    /// A valid token on a process whose JWKS starts with decoys.
    case decoyKeys
    /// Another key's signature under the tenant kid.
    case foreignKey
    /// alg none, empty signature.
    case algNone
    /// RS256 under the tenant kid with no signature: empty, then 256 zero bytes.
    case missingSignature
    /// HS256 keyed with the public key (PEM, then n).
    case publicKeyHMAC
    /// Payload changed after signing.
    case payloadChanged
    /// Unknown key, unknown kid.
    case unknownKid
    /// The attacker's key in the header (`jwk`, `x5c`) or behind a URL in it (`jku`, `x5u`), under the tenant kid.
    case embeddedKey
    /// Another client's aud.
    case wrongAudience
    /// Another tenant's iss and tid.
    case otherTenant
    /// iss and tid disagree, three ways.
    case issuerTenantMismatch
    /// Expired 10 minutes ago.
    case expired
    /// nbf 10 minutes ahead.
    case notYetValid
    /// No token, empty body, not JSON.
    case missingToken
    /// Two parts, bad base64url, header not JSON.
    case malformedToken
    /// A 1 MiB JWS.
    case oversizedToken
    /// A v1 Graph access token.
    case graphAccessToken

    /// Whether the probe needs a backend process of its own (and which kind).
    public var process: BackendProcessRole {
        switch self {
        case .keyRotation: return .rotation
        case .decoyKeys: return .decoy
        default: return .shared
        }
    }
}
