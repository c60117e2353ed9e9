import SingleLoginJSON
import Foundation
import Synchronization

/// The loopback test tenant: an OpenID discovery document and a JWKS over HTTP on 127.0.0.1.
///
/// Each backend process gets a *view* of its own, under `/v/<n>/`: its own discovery document
/// and JWKS, so that keys can be appended for one process (BE-ROTATE-1) or decoys shown to one
/// process from its first fetch (BE-DECOY-1) without any other seeing them, and so that each
/// view's fetches are timed apart. The paths keep Entra's shape after the prefix:
/// `/v/<n>/<tenant>/v2.0/.well-known/openid-configuration` and `/v/<n>/<tenant>/discovery/v2.0/keys`.
public final class TestTenant: Sendable {
    /// The run's GUIDs.
    public let identity: TenantIdentity
    /// The attacker's documents (BE-HEADER-1's `jku` and `x5u`), on a server of their own.
    public let attacker: AttackerHost
    private let server: LoopbackHTTPServer
    private let store = Store()
    private let clock = ContinuousClock()

    /// One fetch of a view's document.
    public struct Fetch: Sendable, Hashable {
        /// Which document.
        public var document: Document
        /// When it was answered.
        public var instant: ContinuousClock.Instant
    }

    /// The documents a view serves.
    public enum Document: String, Sendable, Hashable {
        /// The OpenID discovery document.
        case metadata
        /// The JWKS.
        case jwks
    }

    struct View {
        var keys: [JSONValue]
        var fetches: [Fetch] = []
    }

    /// The views and the port, shared with the server's handler.
    final class Store: Sendable {
        let views = Mutex<[Int: View]>([:])
        let port = Mutex<UInt16>(0)
    }

    /// Starts the tenant's server on a port of the system's choosing.
    public init(identity: TenantIdentity, limits: LoopbackHTTPServer.Limits = .init()) throws {
        self.identity = identity
        attacker = try AttackerHost(issuer: identity.metadataIssuer, limits: limits)
        let store = self.store
        let clock = self.clock
        server = try LoopbackHTTPServer(limits: limits) { [identity] request in
            Self.answer(request, identity: identity, store: store, clock: clock)
        }
        store.port.withLock { $0 = server.port }
    }

    /// Stops both servers (waiting for requests in flight).
    public func stop() {
        server.stop()
        attacker.stop()
    }

    /// The server's port.
    public var port: UInt16 { server.port }

    /// Opens a new view publishing `keys` (JWKs, in order) and returns its number.
    public func makeView(keys: [JSONValue]) -> Int {
        store.views.withLock { views in
            let number = (views.keys.max() ?? 0) + 1
            views[number] = View(keys: keys)
            return number
        }
    }

    /// Appends `key` to view `number`'s JWKS (its next fetch sees it) and returns when: every
    /// fetch of that view recorded before this instant served the keys without it, every one after with it.
    @discardableResult
    public func append(_ key: JSONValue, toView number: Int) -> ContinuousClock.Instant {
        store.views.withLock { views in
            views[number]?.keys.append(key)
            return clock.now
        }
    }

    /// Every fetch of view `number`, in order.
    public func fetches(ofView number: Int) -> [Fetch] {
        store.views.withLock { $0[number]?.fetches ?? [] }
    }

    /// When view `number`'s JWKS was last fetched, if ever.
    public func lastJWKSFetch(ofView number: Int) -> ContinuousClock.Instant? {
        fetches(ofView: number).last { $0.document == .jwks }?.instant
    }

    /// `SL_OIDC_METADATA_URL` for view `number`.
    public func metadataURL(view number: Int) -> String {
        "\(server.baseURL)/v/\(number)/\(identity.authoritySegment)/v2.0/.well-known/openid-configuration"
    }

    /// `SL_JWKS_URL` for view `number`.
    public func jwksURL(view number: Int) -> String {
        "\(server.baseURL)/v/\(number)/\(identity.authoritySegment)/discovery/v2.0/keys"
    }

    /// The tenant key's JWK as this tenant publishes it.
    public var tenantJWK: JSONValue { JSONWebKey.rsa(TestKeys.tenant, issuer: identity.metadataIssuer) }

    /// The rotation key's JWK (BE-ROTATE-1).
    public var rotationJWK: JSONValue { JSONWebKey.rsa(TestKeys.rotation, issuer: identity.metadataIssuer) }

    /// The discovery document of view `number`, as Entra shapes it (issuer, endpoints, algorithms).
    public func metadata(view number: Int) -> JSONValue {
        Self.metadataDocument(identity: identity, jwksURL: jwksURL(view: number))
    }

    private static func answer(_ request: HTTPRequest, identity: TenantIdentity, store: Store, clock: ContinuousClock) -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard parts.count > 3, parts[0] == "v", let number = Int(parts[1]), parts[2] == identity.authoritySegment else {
            return .text("not found\n", status: 404)
        }
        let document: Document
        switch parts.dropFirst(3).joined(separator: "/") {
        case "v2.0/.well-known/openid-configuration": document = .metadata
        case "discovery/v2.0/keys": document = .jwks
        default: return .text("not found\n", status: 404)
        }
        guard request.method == "GET" else { return .text("method not allowed\n", status: 405) }
        let keys: [JSONValue]? = store.views.withLock { views in
            guard views[number] != nil else { return nil }
            views[number]!.fetches.append(Fetch(document: document, instant: clock.now))
            return views[number]!.keys
        }
        guard let keys else { return .text("no such view\n", status: 404) }
        switch document {
        case .jwks:
            return .json(JSONValue.members(["keys": .array(keys)]).compact)
        case .metadata:
            let jwks = "http://127.0.0.1:\(store.port.withLock { $0 })/v/\(number)/\(identity.authoritySegment)/discovery/v2.0/keys"
            return .json(metadataDocument(identity: identity, jwksURL: jwks).compact)
        }
    }

    static func metadataDocument(identity: TenantIdentity, jwksURL: String) -> JSONValue {
        let authority = "https://login.microsoftonline.com/\(identity.authoritySegment)"
        return .members([
            "token_endpoint": .string("\(authority)/oauth2/v2.0/token"),
            "token_endpoint_auth_methods_supported": .array(["client_secret_post", "private_key_jwt", "client_secret_basic"]),
            "jwks_uri": .string(jwksURL),
            "response_modes_supported": .array(["query", "fragment", "form_post"]),
            "subject_types_supported": .array(["pairwise"]),
            "id_token_signing_alg_values_supported": .array(["RS256"]),
            "response_types_supported": .array(["code", "id_token", "code id_token", "id_token token"]),
            "scopes_supported": .array(["openid", "profile", "email", "offline_access"]),
            "issuer": .string(identity.metadataIssuer),
            "request_uri_parameter_supported": false,
            "userinfo_endpoint": "https://graph.microsoft.com/oidc/userinfo",
            "authorization_endpoint": .string("\(authority)/oauth2/v2.0/authorize"),
            "end_session_endpoint": .string("\(authority)/oauth2/v2.0/logout"),
            "claims_supported": .array(["sub", "iss", "aud", "exp", "iat", "nbf", "name", "nonce", "oid", "preferred_username", "tid", "ver"]),
            "tenant_region_scope": "EU",
            "cloud_instance_name": "microsoftonline.com",
        ])
    }
}
