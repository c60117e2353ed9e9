extension RSAPrivateKey {
    /// Reads a PEM RSA private key: PKCS #8 (`BEGIN PRIVATE KEY`, as `openssl genpkey` writes it)
    /// or PKCS #1 (`BEGIN RSA PRIVATE KEY`, the traditional form `openssl genrsa` and
    /// `openssl pkey -traditional` write). Encrypted keys are refused with the command that decrypts
    /// them: this harness asks for no passphrase.
    public init(pem text: String) throws(KeyFileError) {
        let blocks = try PEMBlock.blocks(in: text)
        let keys = blocks.filter { $0.label.hasSuffix("PRIVATE KEY") }
        guard let block = keys.first else {
            if blocks.contains(where: { $0.label.hasSuffix("PUBLIC KEY") }) {
                throw KeyFileError(
                    problem: "it holds a public key; signing needs the private key",
                    fix: "give --sign the private key (the public key is what 'verify --trusted-key' takes)")
            }
            throw KeyFileError(
                problem: blocks.isEmpty
                    ? "it holds no PEM block ('-----BEGIN PRIVATE KEY-----')"
                    : "it holds no private key (its blocks: \(blocks.map(\.label).joined(separator: ", ")))",
                fix: "give the PEM file that 'openssl genpkey' writes (a DER key converts with 'openssl pkey -inform DER -in KEY -out key.pem'), or "
                    + KeyFileError.makeKey)
        }
        guard keys.count == 1 else { throw KeyFileError(problem: "it holds \(keys.count) private keys", fix: "keep the one signing key in the file") }
        switch block.label {
        case "PRIVATE KEY":
            try self.init(pkcs8: block.der)
        case "RSA PRIVATE KEY" where !block.encrypted:
            try self.init(pkcs1: block.der, in: "its 'RSA PRIVATE KEY' block")
        case "ENCRYPTED PRIVATE KEY", "RSA PRIVATE KEY":
            throw KeyFileError(
                problem: "its private key is encrypted with a passphrase",
                fix:
                    "decrypt it for signing: 'openssl pkey -in KEY -out plain-key.pem' (asks for the passphrase; keep the plain key where only the signer can read it)"
            )
        case "EC PRIVATE KEY", "DSA PRIVATE KEY", "OPENSSH PRIVATE KEY":
            throw KeyFileError(
                problem:
                    "it holds \(block.label == "OPENSSH PRIVATE KEY" ? "an OpenSSH key" : "an \(block.label.dropLast(12)) key"); RS256 needs an RSA key in PEM",
                fix: KeyFileError.makeKey)
        default:
            throw KeyFileError(problem: "it holds a '\(block.label)', not an RSA private key", fix: KeyFileError.makeKey)
        }
    }

    /// A PKCS #8 PrivateKeyInfo (RFC 5208; OneAsymmetricKey, RFC 5958) of an RSA key.
    init(pkcs8 der: [UInt8]) throws(KeyFileError) {
        let what = "its 'PRIVATE KEY' block"
        var outer = DERReader(der)
        var info: DERReader
        do {
            info = try outer.sequence("the PrivateKeyInfo")
            try outer.finish("the block")
            let version = try info.smallInteger("the PrivateKeyInfo version")
            guard version <= 1 else { throw DERReader.Malformed(description: "the PrivateKeyInfo version is \(version), not 0 or 1") }
        } catch {
            throw KeyFileError.malformed(what, error)
        }
        try KeyAlgorithm.readRSA(&info, in: what)
        let key: ArraySlice<UInt8>
        do {
            key = try info.contents(0x04, "the private key (OCTET STRING)")
            // Attributes [0] and a public key [1] may follow; neither changes the key.
            while let tag = info.nextTag, tag == 0xa0 || tag == 0x81 || tag == 0xa1 { _ = try info.element(tag, "an optional field") }
            try info.finish("the PrivateKeyInfo")
        } catch {
            throw KeyFileError.malformed(what, error)
        }
        try self.init(pkcs1: Array(key), in: what)
    }

    /// A PKCS #1 RSAPrivateKey (RFC 8017 appendix A.1.2) with two primes, every parameter checked.
    init(pkcs1 der: [UInt8], in what: String) throws(KeyFileError) {
        var values: [BigUInt] = []
        do {
            var outer = DERReader(der)
            var key = try outer.sequence("the RSAPrivateKey")
            try outer.finish("the RSAPrivateKey")
            let version = try key.smallInteger("the RSAPrivateKey version")
            guard version == 0 else {
                throw KeyFileError(problem: "it is a multi-prime RSA key (version \(version)); this signer takes two primes", fix: KeyFileError.makeKey)
            }
            for name in ["modulus", "publicExponent", "privateExponent", "prime1", "prime2", "exponent1", "exponent2", "coefficient"] {
                values.append(try key.integer("the \(name)"))
            }
            try key.finish("the RSAPrivateKey")
        } catch let error as KeyFileError {
            throw error
        } catch {
            throw KeyFileError.malformed(what, error)
        }
        let (n, e, d, p, q, dp, dq, qInverse) = (values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7])
        try RSAPublicKey.check(n: n, e: e)
        // The CRT arithmetic reduces values below n modulo each prime, which needs primes of about
        // half n's size each (any key OpenSSL makes has them) and parameters below their moduli.
        let balanced = p > BigUInt(1) && q > BigUInt(1) && n.limbs.count <= 2 * min(p.limbs.count, q.limbs.count)
        guard balanced, d < n, dp < p, dq < q, qInverse < p else {
            throw KeyFileError(
                problem: "its parameters are not a two-prime RSA key's of balanced primes (p, q, d, dp, dq, qInverse out of range)", fix: KeyFileError.makeKey)
        }
        do { try self.init(n: n, e: e, d: d, p: p, q: q, dp: dp, dq: dq, qInverse: qInverse) } catch {
            throw KeyFileError(problem: "its parameters do not make one RSA key (\(error))", fix: KeyFileError.makeKey)
        }
    }
}
