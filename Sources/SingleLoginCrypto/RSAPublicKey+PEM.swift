extension RSAPublicKey {
    /// The key sizes this harness signs and verifies with: 2048 bits (what `openssl genpkey` makes
    /// by default, and the least NIST allows for RSA signatures) up to 16384.
    public static let acceptedBits = 2048...16384

    /// Reads a PEM public key: a SubjectPublicKeyInfo (`BEGIN PUBLIC KEY`, as `openssl pkey -pubout`
    /// writes it) or a PKCS #1 RSAPublicKey (`BEGIN RSA PUBLIC KEY`).
    ///
    /// A private key or a certificate is refused with the command that extracts the public key:
    /// whoever verifies needs only that, and should never be handed the private key.
    public init(pem text: String) throws(KeyFileError) {
        let blocks = try PEMBlock.blocks(in: text)
        let publicBlocks = blocks.filter { $0.label == "PUBLIC KEY" || $0.label == "RSA PUBLIC KEY" }
        guard let block = publicBlocks.first else {
            if blocks.contains(where: { $0.label.hasSuffix("PRIVATE KEY") }) {
                throw KeyFileError(
                    problem: "it holds a private key, not a public key",
                    fix: "give only the public key: 'openssl pkey -in KEY -pubout -out key.pub.pem' (never hand the private key to whoever verifies)")
            }
            if blocks.contains(where: { $0.label == "CERTIFICATE" }) {
                throw KeyFileError(
                    problem: "it holds a certificate, not a public key", fix: "extract its public key: 'openssl x509 -in CERT -pubkey -noout -out key.pub.pem'")
            }
            throw KeyFileError(
                problem: blocks.isEmpty
                    ? "it holds no PEM block ('-----BEGIN PUBLIC KEY-----')"
                    : "it holds no public key (its blocks: \(blocks.map(\.label).joined(separator: ", ")))",
                fix:
                    "give the PEM public key 'openssl pkey -in KEY -pubout' writes (a DER file converts with 'openssl pkey -pubin -inform DER -in KEY -out key.pub.pem')"
            )
        }
        guard publicBlocks.count == 1 else {
            throw KeyFileError(problem: "it holds \(publicBlocks.count) public keys", fix: "keep the one key to trust in the file")
        }
        if block.label == "PUBLIC KEY" {
            try self.init(subjectPublicKeyInfo: block.der)
        } else {
            try self.init(pkcs1: block.der, in: "its 'RSA PUBLIC KEY' block")
        }
    }

    /// A SubjectPublicKeyInfo of an RSA key.
    init(subjectPublicKeyInfo der: [UInt8]) throws(KeyFileError) {
        let what = "its 'PUBLIC KEY' block"
        var outer = DERReader(der)
        var info: DERReader
        do { info = try outer.sequence("the SubjectPublicKeyInfo"); try outer.finish("the block") } catch { throw KeyFileError.malformed(what, error) }
        try KeyAlgorithm.readRSA(&info, in: what)
        let bits: ArraySlice<UInt8>
        do { bits = try info.contents(0x03, "the public key (BIT STRING)"); try info.finish("the SubjectPublicKeyInfo") } catch {
            throw KeyFileError.malformed(what, error)
        }
        guard bits.first == 0 else { throw KeyFileError.malformed(what, DERReader.Malformed(description: "the BIT STRING has unused bits")) }
        try self.init(pkcs1: Array(bits.dropFirst()), in: what)
    }

    /// A PKCS #1 RSAPublicKey: SEQUENCE { n, e }, checked for size and shape.
    init(pkcs1 der: [UInt8], in what: String) throws(KeyFileError) {
        let n: BigUInt, e: BigUInt
        do {
            var outer = DERReader(der)
            var key = try outer.sequence("the RSAPublicKey")
            n = try key.integer("the modulus")
            e = try key.integer("the public exponent")
            try key.finish("the RSAPublicKey")
            try outer.finish("the RSAPublicKey")
        } catch {
            throw KeyFileError.malformed(what, error)
        }
        try Self.check(n: n, e: e)
        self.init(n: n, e: e)
    }

    /// Throws unless `n` and `e` make a key of an accepted size that arithmetic here can use.
    static func check(n: BigUInt, e: BigUInt) throws(KeyFileError) {
        guard acceptedBits.contains(n.bitWidth) else {
            throw KeyFileError(
                problem: "it is a \(n.bitWidth)-bit RSA key; RS256 here needs \(acceptedBits.lowerBound) to \(acceptedBits.upperBound) bits",
                fix: KeyFileError.makeKey)
        }
        // An even modulus or exponent is no RSA key (and Montgomery arithmetic needs an odd modulus).
        guard n.bit(0), e.bit(0), e > BigUInt(1), e < n else {
            throw KeyFileError(problem: "its modulus and exponent are not an RSA key's (both must be odd, 1 < e < n)", fix: KeyFileError.makeKey)
        }
    }

    /// The key's SubjectPublicKeyInfo in DER: the bytes `openssl pkey -pubin -in KEY -outform DER` writes.
    public var subjectPublicKeyInfo: [UInt8] { DER.subjectPublicKeyInfo(n: n, e: e) }

    /// The SHA-256 of ``subjectPublicKeyInfo``, lowercase hex: how a bundle names the key that
    /// signed it (`openssl pkey -pubin -in KEY -outform DER | sha256sum` prints the same).
    public var fingerprint: String { SHA256.hexDigest(subjectPublicKeyInfo) }
}
