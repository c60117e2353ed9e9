import SingleLoginCrypto

/// A signing key with the kid that names it in a JWKS.
public struct TestKey: Sendable {
    /// The key id (base64url of the SHA-1 of the modulus, in the style of Entra's kids).
    public let kid: String
    /// The key.
    public let key: RSAPrivateKey
}
