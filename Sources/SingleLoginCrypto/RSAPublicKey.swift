/// An RSA public key: modulus and exponent.
public struct RSAPublicKey: Sendable, Hashable {
    /// The modulus.
    public let n: BigUInt
    /// The public exponent.
    public let e: BigUInt
    /// Arithmetic modulo n, prepared once (R² mod n costs as much as a third of a signature).
    private let modN: MontgomeryModulus

    /// Creates a public key.
    public init(n: BigUInt, e: BigUInt) {
        self.n = n
        self.e = e
        modN = MontgomeryModulus(n)
    }

    /// Equal when n and e are.
    public static func == (lhs: RSAPublicKey, rhs: RSAPublicKey) -> Bool { lhs.n == rhs.n && lhs.e == rhs.e }

    /// Hashes n and e.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(n)
        hasher.combine(e)
    }

    /// The modulus's length in bytes (256 for RSA-2048): every signature has this length.
    public var byteCount: Int { (n.bitWidth + 7) / 8 }

    /// `s^e mod n`.
    func power(_ s: BigUInt) -> BigUInt {
        modN.power(s, e)
    }

    /// Whether `signature` is a valid RS256 signature of `message` under this key.
    public func verifyRS256(_ message: some Collection<UInt8>, signature: [UInt8]) -> Bool {
        guard signature.count == byteCount else { return false }
        let s = BigUInt(bigEndian: signature)
        guard s < n else { return false }
        return power(s).bigEndianBytes(count: byteCount) == PKCS1.encodeSHA256(digest: SHA256.digest(message), length: byteCount)
    }

    /// `n` as base64url of its minimal big-endian bytes, as a JWK writes it.
    public var jwkN: String { Base64URL.encode(n.minimalBigEndianBytes) }
    /// `e` as base64url (`AQAB` for 65537).
    public var jwkE: String { Base64URL.encode(e.minimalBigEndianBytes) }

    /// The SubjectPublicKeyInfo in PEM, with 64-character lines and a final newline (as OpenSSL writes it).
    public var pem: String { DER.publicKeyPEM(n: n, e: e) }
}
