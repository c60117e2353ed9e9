import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec

/// The backend profile's catalogue (`specs/backend.json`): cases as data, like the app spec.
public struct BackendSpec: Sendable, Hashable {
    /// The only format major version this build reads.
    public static let supportedFormatVersion = "1.0"

    /// The format version written in the file.
    public var formatVersion: String
    /// The spec's id (JUnit suite name).
    public var id: String
    /// Its version.
    public var version: String
    /// Its title.
    public var title: String
    /// The cases, in file order.
    public var cases: [BackendCase]
    /// SHA-256 of the file's bytes, lowercase hex.
    public var sha256Hex: String
}

/// One case: what the backend must do with one kind of forged (or valid) token.
public struct BackendCase: Sendable, Hashable {
    /// Its ID, e.g. `BE-SIG-1`.
    public var id: String
    /// MUST or SHOULD.
    public var level: Requirement.Level
    /// One sentence.
    public var title: String
    /// Why it matters.
    public var rationale: String
    /// Microsoft and OpenID documents.
    public var references: [Reference]
    /// Tags for `--only` and `--skip`.
    public var tags: [String]
    /// The tenant modes it applies to; in the others it is skipped as not applicable.
    public var modes: Set<TenantMode>
    /// The harness's built-in probe that sends its tokens.
    public var probe: BackendProbe
    /// What every token of the probe under test must get.
    public var expect: BackendExpectation
    /// What the case forges, for people.
    public var forges: String
    /// The time each request has, if shorter or longer than the run's request timeout.
    public var timeLimit: Duration?
    /// Where it is written.
    public var location: SourceLocation

    /// The summary reports show.
    public var summary: RequirementSummary {
        RequirementSummary(id: id, level: level, title: title, tags: tags, references: references)
    }
}

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
    /// HS256 keyed with the public key (PEM, then n).
    case publicKeyHMAC
    /// Payload changed after signing.
    case payloadChanged
    /// Unknown key, unknown kid.
    case unknownKid
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

/// Which backend process a case runs on.
public enum BackendProcessRole: String, Sendable, Hashable {
    /// The process shared by the quick cases (restarted if it dies).
    case shared
    /// A process of its own that waits for the key rotation.
    case rotation
    /// A process of its own whose JWKS holds decoys from its first fetch.
    case decoy
}

/// What a token must get.
public enum BackendExpectation: String, Sendable, Hashable, CaseIterable {
    /// A 2xx.
    case accepted
    /// 400, 401 or 403.
    case rejected
    /// Any 4xx but 404 and 405 (never a 5xx).
    case clientError

    /// Whether `status` meets the expectation.
    public func isMet(by status: Int) -> Bool {
        switch self {
        case .accepted: return (200...299).contains(status)
        case .rejected: return [400, 401, 403].contains(status)
        case .clientError: return (400...499).contains(status) && status != 404 && status != 405
        }
    }

    /// `accepted (a 2xx)`, for reports.
    public var description: String {
        switch self {
        case .accepted: return "accepted (a 2xx)"
        case .rejected: return "rejected (400, 401 or 403)"
        case .clientError: return "a client error (a 4xx other than 404 and 405)"
        }
    }
}
