import SingleLoginJSON
import SingleLoginCrypto
/// Every token the profile sends in one mode, with the keys that should (or should not) verify
/// it, as one JSON document: `.ci/checks/backend-tokens.sh` checks it with PyJWT and
/// `cryptography`, so that a broken signer cannot hide behind a harness that agrees with itself.
public enum TokenCatalogue {
    /// How a token's signature must verify.
    public enum Signature: String, Sendable {
        /// RS256, valid under the tenant key (published).
        case tenant
        /// RS256, valid under the rotation key.
        case rotation
        /// RS256 that must not verify under any published key.
        case forged
        /// RS256 by the attacker's key (BE-HEADER-1): verifies under the attacker's JWK and certificate, under no published key.
        case attacker
        /// HS256 keyed with the tenant key's PEM.
        case hmacPEM
        /// HS256 keyed with the tenant JWK's n.
        case hmacN
        /// No signature (alg none) or not a JWS at all.
        case none
    }

    /// The document: `{"mode", "clientID", "tenantID", "jwks": {...}, "pem", "attacker": {"jwk", "certificate"}, "tokens": [{case, label, signature, token}]}`.
    public static func document(spec: BackendSpec, mode: TenantMode) -> JSONValue {
        let identity = TenantIdentity(mode: mode)
        let factory = ShotFactory(mint: TokenMint(identity: identity), shape: SessionRequestShape(), defaultTimeLimit: .seconds(10))
        var tokens: [JSONValue] = []
        for backendCase in spec.cases where backendCase.modes.contains(mode) {
            for shot in factory.shots(for: backendCase) {
                guard let token = shot.token, token.compact.utf8.count < 64 << 10 else { continue }
                tokens.append(
                    .members([
                        "case": .string(backendCase.id), "label": .string(shot.label),
                        "signature": .string(signature(of: backendCase.probe, shot: shot).rawValue), "token": .string(token.compact),
                    ]))
            }
        }
        let issuer = identity.metadataIssuer
        let jwks: JSONValue = .members([
            "keys": .array(JSONWebKey.decoys + [JSONWebKey.rsa(TestKeys.tenant, issuer: issuer), JSONWebKey.rsa(TestKeys.rotation, issuer: issuer)])
        ])
        return .members([
            "mode": .string(mode.rawValue), "clientID": .string(identity.clientID), "tenantID": .string(identity.homeTenantID),
            "jwks": jwks, "pem": .string(TestKeys.tenant.key.publicKey.pem),
            "attacker": .members(["jwk": AttackerHost.jwk(), "certificate": .string(AttackerHost.certificate.pem)]),
            "tokens": .array(tokens),
        ])
    }

    static func signature(of probe: BackendProbe, shot: Shot) -> Signature {
        if let signature = shot.signature { return signature }
        switch probe {
        case .foreignKey, .unknownKid, .payloadChanged: return .forged
        case .embeddedKey: return .attacker
        case .algNone, .missingSignature: return .none
        case .malformedToken: return .none
        case .keyRotation: return shot.token?.header["kid"] == .string(TestKeys.rotation.kid) ? .rotation : .tenant
        default: return .tenant
        }
    }
}
