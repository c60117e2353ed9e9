import SingleLoginJSON
import SingleLoginCrypto
/// Builds the shots of each probe: the valid token with only what the case names changed.
public struct ShotFactory: Sendable {
    /// The run's tokens.
    public let mint: TokenMint
    /// How tokens are posted.
    public let shape: SessionRequestShape
    /// The request time limit when a case names none.
    public let defaultTimeLimit: Duration
    /// Where the attacker's JWKS and certificate are served (BE-HEADER-1's `jku` and `x5u`).
    public let attacker: AttackerURLs

    /// Creates a factory.
    public init(mint: TokenMint, shape: SessionRequestShape, defaultTimeLimit: Duration, attacker: AttackerURLs = .unserved) {
        self.mint = mint
        self.shape = shape
        self.defaultTimeLimit = defaultTimeLimit
        self.attacker = attacker
    }

    private var identity: TenantIdentity { mint.identity }
    private var tenantHeader: JSONValue { TokenMint.header(kid: TestKeys.tenant.kid) }

    /// A shot carrying `token`.
    public func shot(
        _ label: String, _ token: ForgedToken, expect: BackendExpectation, timeLimit: Duration? = nil, signature: TokenCatalogue.Signature? = nil
    ) -> Shot {
        Shot(
            label: label, token: token, request: shape.request(token: token.compact), expect: expect, timeLimit: timeLimit ?? defaultTimeLimit,
            signature: signature)
    }

    /// The valid token of the home tenant.
    public func valid(expect: BackendExpectation = .accepted) -> Shot {
        shot("a valid token of the home tenant", mint.validToken(), expect: expect)
    }

    /// The valid token signed with the rotation key (BE-ROTATE-1, after the wait).
    public func rotated(expect: BackendExpectation) -> Shot {
        let token = ForgedToken.rs256(
            header: TokenMint.header(kid: TestKeys.rotation.kid), claims: mint.idTokenClaims(), key: TestKeys.rotation, keyName: "the new (rotated) tenant key")
        return shot("a valid token signed by the newly published key", token, expect: expect)
    }

    /// The shots of a probe that runs on the shared process (not rotation or decoys).
    public func shots(for backendCase: BackendCase) -> [Shot] {
        let expect = backendCase.expect
        let limit = backendCase.timeLimit
        func signed(_ label: String, _ claims: JSONValue) -> Shot {
            shot(label, .rs256(header: tenantHeader, claims: claims, key: TestKeys.tenant, keyName: "the tenant key"), expect: expect, timeLimit: limit)
        }
        let now = mint.now()
        switch backendCase.probe {
        case .validToken, .decoyKeys:
            var shots = [shot("a valid token of the home tenant", mint.validToken(), expect: expect, timeLimit: limit)]
            if identity.mode == .multi {
                shots.append(shot("a valid token of another tenant (A)", mint.validToken(tenant: identity.otherTenantID), expect: expect, timeLimit: limit))
            }
            return shots
        case .keyRotation:
            return [valid(), rotated(expect: expect)]
        case .clockSkew:
            let claims = mint.idTokenClaims(issuedAt: now + 60)
            return [signed("nbf and iat 60 s in the future", claims)]
        case .foreignKey:
            let token = ForgedToken.rs256(
                header: tenantHeader, claims: mint.idTokenClaims(), key: TestKeys.foreign, keyName: "a key no JWKS publishes, under the tenant key's kid")
            return [shot("signed by an unpublished key under the tenant kid", token, expect: expect, timeLimit: limit)]
        case .algNone:
            let header = tenantHeader.setting("alg", "none")
            return [shot("alg none, empty signature", .unsigned(header: header, claims: mint.idTokenClaims()), expect: expect, timeLimit: limit)]
        case .missingSignature:
            // A verifier that skips the check when there is nothing to check accepts anyone's claims.
            let claims = mint.idTokenClaims().setting("oid", .string(TokenMint.derivedGUID("another user", "oid")))
            return [
                shot(
                    "RS256 under the tenant kid, empty signature", .withSignature([], header: tenantHeader, claims: claims, what: "empty"), expect: expect,
                    timeLimit: limit),
                shot(
                    "RS256 under the tenant kid, a signature of 256 zero bytes",
                    .withSignature(Array(repeating: 0, count: 256), header: tenantHeader, claims: claims, what: "256 zero bytes"), expect: expect,
                    timeLimit: limit),
            ]
        case .publicKeyHMAC:
            return keyConfusionShots(for: backendCase)
        case .payloadChanged:
            return payloadChangedShots(for: backendCase)
        case .unknownKid:
            let token = ForgedToken.rs256(
                header: TokenMint.header(kid: TestKeys.stranger.kid), claims: mint.idTokenClaims(), key: TestKeys.stranger,
                keyName: "a key no JWKS publishes, under a kid no JWKS holds")
            return [shot("an unknown key under an unknown kid", token, expect: expect, timeLimit: limit)]
        case .embeddedKey:
            return embeddedKeyShots(for: backendCase)
        case .wrongAudience:
            return [signed("aud of another app", mint.idTokenClaims().setting("aud", .string(identity.otherClientID)))]
        case .otherTenant:
            return [signed("iss and tid of another tenant", mint.idTokenClaims(tenant: identity.otherTenantID))]
        case .issuerTenantMismatch:
            let a = identity.otherTenantID, b = identity.thirdTenantID, home = identity.homeTenantID
            func mismatched(_ issuerTenant: String, _ tid: String) -> JSONValue {
                mint.idTokenClaims(tenant: tid).setting("iss", .string(TenantIdentity.issuer(of: issuerTenant)))
            }
            return [
                signed("iss of tenant A with tid B", mismatched(a, b)),
                signed("iss of the home tenant with tid A", mismatched(home, a)),
                signed("iss of tenant A with the home tid", mismatched(a, home)),
            ]
        case .expired:
            let claims = mint.idTokenClaims(issuedAt: now - 4200)
            return [signed("expired 10 minutes ago", claims)]
        case .notYetValid:
            return [signed("nbf 10 minutes ahead", mint.idTokenClaims().setting("nbf", .integer(now + 600)))]
        case .missingToken:
            return shape.requestsWithoutToken().map {
                Shot(label: $0.label, token: nil, request: $0.request, expect: expect, timeLimit: limit ?? defaultTimeLimit)
            }
        case .malformedToken:
            return malformedShots(for: backendCase)
        case .oversizedToken:
            return [shot("a JWS of exactly 1 MiB", OversizedToken.make(kid: TestKeys.tenant.kid, byteCount: 1 << 20), expect: expect, timeLimit: limit)]
        case .graphAccessToken:
            return [shot("a v1 Microsoft Graph access token", mint.graphAccessToken(), expect: expect, timeLimit: limit)]
        }
    }

    /// HS256 keyed with the tenant's public key, as PEM and as the JWK's n: a verifier that lets the token pick its algorithm accepts them.
    private func keyConfusionShots(for backendCase: BackendCase) -> [Shot] {
        let expect = backendCase.expect
        let limit = backendCase.timeLimit
        let header = tenantHeader.setting("alg", "HS256")
        let publicKey = TestKeys.tenant.key.publicKey
        return [
            shot(
                "HS256 keyed with the tenant key's PEM (final newline included)",
                .hs256(
                    header: header, claims: mint.idTokenClaims(), secret: Array(publicKey.pem.utf8),
                    secretName: "the tenant key's SubjectPublicKeyInfo PEM, final newline included"), expect: expect, timeLimit: limit, signature: .hmacPEM),
            shot(
                "HS256 keyed with the tenant JWK's n as ASCII",
                .hs256(
                    header: header, claims: mint.idTokenClaims(), secret: Array(publicKey.jwkN.utf8),
                    secretName: "the tenant JWK's n (base64url text) as ASCII"), expect: expect, timeLimit: limit, signature: .hmacN),
        ]
    }

    /// A valid token whose payload was replaced after signing (another oid).
    private func payloadChangedShots(for backendCase: BackendCase) -> [Shot] {
        let expect = backendCase.expect
        let limit = backendCase.timeLimit
        let original = mint.validToken()
        let changed = original.claims.setting("oid", .string(TokenMint.derivedGUID("another user", "oid")))
        let parts = original.compact.split(separator: ".", omittingEmptySubsequences: false)
        let compact = parts[0] + "." + Base64URL.encode(changed.compact) + "." + parts[2]
        let token = ForgedToken(
            header: original.header, claims: changed, compact: String(compact),
            signing:
                "RS256 with the tenant key over the original payload (oid \(original.claims["oid"].map { $0.compact } ?? "?")), then the payload replaced")
        return [shot("payload changed after signing (another oid)", token, expect: expect, timeLimit: limit)]
    }

    /// The attacker's key offered by the token itself, under the tenant key's kid: as jwk, jku, x5u and x5c.
    private func embeddedKeyShots(for backendCase: BackendCase) -> [Shot] {
        let expect = backendCase.expect
        let limit = backendCase.timeLimit
        // Each header keeps the tenant key's kid and adds one way of offering the attacker's key.
        let claims = mint.idTokenClaims()
        func offered(_ label: String, _ member: String, _ value: JSONValue, _ how: String) -> Shot {
            let token = ForgedToken.rs256(
                header: tenantHeader.setting(member, value), claims: claims, key: AttackerHost.key,
                keyName: "the attacker's key (\(how)), under the tenant key's kid")
            return shot(label, token, expect: expect, timeLimit: limit)
        }
        return [
            offered("the attacker's key in the header (jwk)", "jwk", AttackerHost.jwk(), "carried in the header as jwk"),
            offered(
                "a jku naming the attacker's JWKS on loopback", "jku", .string(attacker.jwks), "published under the tenant kid at the jku \(attacker.jwks)"),
            offered(
                "an x5u naming the attacker's certificate on loopback", "x5u", .string(attacker.certificate),
                "in the self-signed certificate at the x5u \(attacker.certificate)"),
            offered(
                "the attacker's certificate in the header (x5c)", "x5c", .array([.string(AttackerHost.certificate.base64)]),
                "in the self-signed certificate carried as x5c"),
        ]
    }

    /// Tokens that are not well-formed JWS: two parts, characters outside base64url, a header that is not JSON.
    private func malformedShots(for backendCase: BackendCase) -> [Shot] {
        let expect = backendCase.expect
        let limit = backendCase.timeLimit
        let valid = mint.validToken()
        let parts = valid.compact.split(separator: ".").map(String.init)
        let notJSON = Base64URL.encode("this header is not JSON") + "." + parts[1]
        let notJSONToken = notJSON + "." + Base64URL.encode(TestKeys.tenant.key.signRS256(Array(notJSON.utf8)))
        return [
            shot(
                "two parts (no signature part)",
                ForgedToken(header: valid.header, claims: valid.claims, compact: parts[0] + "." + parts[1], signing: "none: the signature part is missing"),
                expect: expect, timeLimit: limit),
            shot(
                "characters outside base64url in every part",
                ForgedToken(
                    header: valid.header, claims: valid.claims, compact: "eyJ0eXAi*JKV1Qi!.eyJhdWQ@Ij~.c2ln%YXR1cmU=", signing: "none: not base64url"),
                expect: expect, timeLimit: limit),
            shot(
                "a header that is not JSON",
                ForgedToken(
                    header: "this header is not JSON", claims: valid.claims, compact: notJSONToken,
                    signing: "RS256 with the tenant key over the non-JSON header"), expect: expect, timeLimit: limit, signature: .tenant),
        ]
    }
}
