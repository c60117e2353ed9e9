/// The algorithm a key file's AlgorithmIdentifier names (RFC 5280 section 4.1.1.2): RS256 signs
/// only with `rsaEncryption`; the others are named so that an error can say what the file holds.
enum KeyAlgorithm {
    /// rsaEncryption, 1.2.840.113549.1.1.1 (RFC 8017 appendix A.1).
    static let rsaEncryption: [UInt] = [1, 2, 840, 113549, 1, 1, 1]

    /// Keys people have at hand that RS256 cannot use, by OID.
    static let others: [[UInt]: String] = [
        [1, 2, 840, 113549, 1, 1, 10]: "an RSA-PSS key (restricted to PSS signatures)",
        [1, 2, 840, 10045, 2, 1]: "an EC key",
        [1, 3, 101, 112]: "an Ed25519 key",
        [1, 3, 101, 113]: "an Ed448 key",
        [1, 2, 840, 10040, 4, 1]: "a DSA key",
    ]

    /// Reads an AlgorithmIdentifier and throws unless it is rsaEncryption (with NULL or absent parameters).
    static func readRSA(_ reader: inout DERReader, in what: String) throws(KeyFileError) {
        do {
            var algorithm = try reader.sequence("the algorithm of \(what)")
            let oid = try algorithm.objectIdentifier("the algorithm's OID")
            guard oid == rsaEncryption else {
                let name = others[oid] ?? "a key of algorithm \(oid.map(String.init).joined(separator: "."))"
                throw KeyFileError(problem: "it holds \(name); RS256 needs an RSA key (rsaEncryption)", fix: KeyFileError.makeKey)
            }
            if !algorithm.isAtEnd { _ = try algorithm.contents(0x05, "the algorithm's parameters (NULL)") }
            try algorithm.finish("the algorithm")
        } catch let error as KeyFileError {
            throw error
        } catch {
            throw KeyFileError.malformed(what, error)
        }
    }
}

extension KeyFileError {
    /// A block whose DER is not the structure its label promises.
    static func malformed(_ what: String, _ error: any Error) -> KeyFileError {
        KeyFileError(
            problem: "\(what) is malformed: \(error)", fix: "write the key again with openssl ('openssl pkey -in OLD -out NEW'; add -pubin for a public key)")
    }
}
