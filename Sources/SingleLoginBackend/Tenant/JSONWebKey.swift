import SingleLoginJSON
import SingleLoginCrypto
/// The keys a JWKS view publishes, written as Entra writes its JWKS entries.
public enum JSONWebKey {
    /// An RSA signing key: `kty`, `use`, `kid`, `n`, `e`, and Entra's `issuer`.
    public static func rsa(_ key: TestKey, issuer: String) -> JSONValue {
        .members([
            "kty": "RSA", "use": "sig", "kid": .string(key.kid),
            "n": .string(key.key.publicKey.jwkN), "e": .string(key.key.publicKey.jwkE),
            "issuer": .string(issuer),
        ])
    }

    /// The decoys of BE-DECOY-1, in order: a key of an unknown type `XYZ`, an RSA key with alg
    /// `RS1024`, and an EC P-256 key, each with its own kid. A JWKS client must skip what it
    /// cannot use and still find the tenant key after them.
    public static let decoys: [JSONValue] = [
        .members(["kty": "XYZ", "use": "sig", "kid": "decoy-unknown-kty", "k": "c2wtY29uZm9ybWFuY2U"]),
        .members([
            "kty": "RSA", "use": "sig", "alg": "RS1024", "kid": "decoy-rs1024",
            "n": .string(Base64URL.encode(TestKeys.decoyRS1024Modulus.minimalBigEndianBytes)), "e": "AQAB",
        ]),
        .members([
            "kty": "EC", "use": "sig", "crv": "P-256", "kid": "decoy-ec-p256",
            "x": .string(Base64URL.encode(TestKeys.decoyP256X.bigEndianBytes(count: 32))),
            "y": .string(Base64URL.encode(TestKeys.decoyP256Y.bigEndianBytes(count: 32))),
        ]),
    ]
}
