/// An RSA private key with its CRT parameters, signing RS256 (RSASSA-PKCS1-v1_5 with SHA-256).
///
/// Signing uses the Chinese remainder theorem (two half-size exponentiations) and checks
/// every signature with the public exponent before returning it, so a fault can never hand
/// out a wrong signature unnoticed.
public struct RSAPrivateKey: Sendable {
    /// The public half.
    public let publicKey: RSAPublicKey
    /// The private exponent.
    let d: BigUInt
    let p: BigUInt
    let q: BigUInt
    let dp: BigUInt
    let dq: BigUInt
    let qInverse: BigUInt
    private let modP: MontgomeryModulus
    private let modQ: MontgomeryModulus

    /// Why a key's parameters are unusable.
    public struct InvalidKey: Error, CustomStringConvertible {
        /// What is wrong.
        public var description: String
    }

    /// A key from its parameters (as in PKCS #1's RSAPrivateKey); checks that n = p·q and that
    /// the CRT parameters agree (q·qInverse ≡ 1 mod p, and a test signature verifies).
    public init(n: BigUInt, e: BigUInt, d: BigUInt, p: BigUInt, q: BigUInt, dp: BigUInt, dq: BigUInt, qInverse: BigUInt) throws(InvalidKey) {
        guard p * q == n else { throw InvalidKey(description: "n is not p·q") }
        guard p.bit(0), q.bit(0), e.bit(0) else { throw InvalidKey(description: "p, q and e must be odd") }
        publicKey = RSAPublicKey(n: n, e: e)
        self.d = d
        self.p = p
        self.q = q
        self.dp = dp
        self.dq = dq
        self.qInverse = qInverse
        modP = MontgomeryModulus(p)
        modQ = MontgomeryModulus(q)
        guard modP.multiplyModulo(q, qInverse) == BigUInt(1) else { throw InvalidKey(description: "qInverse is not q⁻¹ mod p") }
        let probe = BigUInt(bigEndian: SHA256.digest(Array("sl-conformance key check".utf8)))
        guard publicKey.power(rawSign(probe)) == probe else { throw InvalidKey(description: "d, dp or dq does not match e") }
    }

    /// A key from lowercase hexadecimal parameters (how the embedded test keys are written).
    public init(hex n: String, e: String, d: String, p: String, q: String, dp: String, dq: String, qInverse: String) throws(InvalidKey) {
        func parse(_ text: String, _ name: String) throws(InvalidKey) -> BigUInt {
            guard let value = BigUInt(hex: text) else { throw InvalidKey(description: "\(name) is not hexadecimal") }
            return value
        }
        try self.init(
            n: parse(n, "n"), e: parse(e, "e"), d: parse(d, "d"), p: parse(p, "p"), q: parse(q, "q"),
            dp: parse(dp, "dp"), dq: parse(dq, "dq"), qInverse: parse(qInverse, "qInverse"))
    }

    /// The RS256 signature of `message`: EMSA-PKCS1-v1_5 over its SHA-256 digest, raised to d.
    public func signRS256(_ message: some Collection<UInt8>) -> [UInt8] {
        let encoded = PKCS1.encodeSHA256(digest: SHA256.digest(message), length: publicKey.byteCount)
        let m = BigUInt(bigEndian: encoded)
        let s = rawSign(m)
        precondition(publicKey.power(s) == m, "RSA signature failed its own check")
        return s.bigEndianBytes(count: publicKey.byteCount)
    }

    /// m^d mod n by the Chinese remainder theorem (Garner's recombination).
    private func rawSign(_ m: BigUInt) -> BigUInt {
        let s1 = modP.power(modP.remainder(m), dp)
        let s2 = modQ.power(modQ.remainder(m), dq)
        let s2ModP = modP.remainder(s2)
        let difference = s1 >= s2ModP ? s1 - s2ModP : s1 + p - s2ModP
        let h = modP.multiplyModulo(qInverse, difference)
        return s2 + h * q
    }
}
