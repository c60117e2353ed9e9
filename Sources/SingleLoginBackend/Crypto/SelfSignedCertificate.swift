import Foundation
import SingleLoginCrypto

/// A self-signed X.509 v3 certificate of an RSA key (RFC 5280), signed sha256WithRSAEncryption
/// by that key: what an attacker serves behind a token's `x5u` or carries in its `x5c`
/// (BE-HEADER-1). Deterministic (PKCS #1 v1.5 signatures are), so every run serves the same bytes.
public struct SelfSignedCertificate: Sendable, Hashable {
    /// The certificate, DER-encoded.
    public let der: [UInt8]

    /// The certificate of `key`, subject and issuer `CN=commonName`, valid 2025-01-01 to 2035-01-01.
    public init(key: RSAPrivateKey, commonName: String, serialNumber: UInt8 = 1) {
        let sha256WithRSAEncryption = DER.sequence(DER.objectIdentifier([1, 2, 840, 113549, 1, 1, 11]), [0x05, 0x00])
        let name = DER.sequence(DER.element(0x31, DER.sequence(DER.objectIdentifier([2, 5, 4, 3]), DER.utf8String(commonName))))
        let tbs = DER.sequence(
            DER.element(0xa0, DER.element(0x02, [0x02])),  // [0] EXPLICIT version v3
            DER.element(0x02, [serialNumber & 0x7f]),
            sha256WithRSAEncryption,
            name,
            DER.sequence(DER.utcTime("250101000000Z"), DER.utcTime("350101000000Z")),
            name,
            DER.subjectPublicKeyInfo(n: key.publicKey.n, e: key.publicKey.e))
        der = DER.sequence(tbs, sha256WithRSAEncryption, DER.bitString(key.signRS256(tbs)))
    }

    /// The PEM `CERTIFICATE` block (what an `x5u` URL serves, RFC 7515 section 4.1.5).
    public var pem: String { DER.pem(der, label: "CERTIFICATE") }

    /// The standard (not URL-safe) base64 of the DER, as an `x5c` entry carries it (RFC 7515 section 4.1.6).
    public var base64: String { Data(der).base64EncodedString() }
}
