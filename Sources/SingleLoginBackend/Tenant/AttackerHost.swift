import SingleLoginJSON
import SingleLoginCrypto
import Synchronization

/// The attacker's documents on loopback, on a server and port of their own, apart from the
/// tenant's: a JWKS that publishes the attacker's key under the tenant key's kid (what
/// BE-HEADER-1's `jku` names) and a self-signed certificate of that key (what its `x5u` names).
/// A backend that follows either is counted (reports show it), and must still reject the token.
public final class AttackerHost: Sendable {
    /// The attacker's signing key: never in any tenant view (BE-SIG-1 signs with it too).
    public static let key = TestKeys.foreign
    /// The attacker's self-signed certificate of ``key`` (computed once, on first use).
    public static let certificate = SelfSignedCertificate(key: key.key, commonName: "sl-conformance attacker (not a tenant key)")

    /// The documents it serves.
    public enum Document: String, Sendable, Hashable, CaseIterable {
        /// The attacker's JWKS (`jku`).
        case jwks
        /// The attacker's certificate, PEM (`x5u`).
        case certificate
    }

    private let server: LoopbackHTTPServer
    private let fetched = FetchCounts()

    /// The fetches so far, shared with the server's handler.
    final class FetchCounts: Sendable {
        let counts = Mutex<[Document: Int]>([:])
    }

    /// Starts the attacker's server on a port of the system's choosing; its JWKS names `issuer` as Entra's JWKs do.
    public init(issuer: String, limits: LoopbackHTTPServer.Limits = .init()) throws {
        let fetched = self.fetched
        let jwks = JSONValue.members(["keys": .array([Self.jwk(issuer: issuer)])]).compact
        server = try LoopbackHTTPServer(limits: limits) { request in
            guard request.method == "GET" else { return .text("method not allowed\n", status: 405) }
            let document: Document
            switch request.path {
            case "/attacker/keys": document = .jwks
            case "/attacker/certificate.pem": document = .certificate
            default: return .text("not found\n", status: 404)
            }
            fetched.counts.withLock { $0[document, default: 0] += 1 }
            switch document {
            case .jwks: return .json(jwks)
            case .certificate:
                return HTTPResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "application/pem-certificate-chain"), HTTPHeader("Cache-Control", "no-store")],
                    body: Array(Self.certificate.pem.utf8))
            }
        }
    }

    /// Stops the server.
    public func stop() { server.stop() }

    /// Where its documents are.
    public var urls: AttackerURLs { AttackerURLs(jwks: server.baseURL + "/attacker/keys", certificate: server.baseURL + "/attacker/certificate.pem") }

    /// How often `document` has been fetched so far.
    public func fetchCount(_ document: Document) -> Int { fetched.counts.withLock { $0[document] ?? 0 } }

    /// The attacker's key as a JWK under the tenant key's kid (what the token's `jwk` carries; the
    /// attacker's JWKS adds the `issuer` an Entra JWK names).
    public static func jwk(issuer: String? = nil) -> JSONValue {
        let publicKey = key.key.publicKey
        let base: JSONValue = .members([
            "kty": "RSA", "use": "sig", "kid": .string(TestKeys.tenant.kid), "n": .string(publicKey.jwkN), "e": .string(publicKey.jwkE),
        ])
        return issuer.map { base.setting("issuer", .string($0)) } ?? base
    }
}

/// Where the attacker's documents are served (``AttackerHost/urls``).
public struct AttackerURLs: Sendable, Hashable {
    /// The attacker's JWKS, for `jku`.
    public var jwks: String
    /// The attacker's PEM certificate, for `x5u`.
    public var certificate: String

    /// Where no attacker host runs (the token catalogue; tests of token shapes): port 9 (discard).
    public static let unserved = AttackerURLs(jwks: "http://127.0.0.1:9/attacker/keys", certificate: "http://127.0.0.1:9/attacker/certificate.pem")
}
