/// EMSA-PKCS1-v1_5 encoding (RFC 8017, section 9.2) for SHA-256.
public enum PKCS1 {
    /// The DER DigestInfo prefix for SHA-256 (RFC 8017, note 1 of section 9.2).
    public static let sha256DigestInfoPrefix: [UInt8] = [
        0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
    ]

    /// `00 01 FF..FF 00 || DigestInfo || digest`, `length` bytes long.
    public static func encodeSHA256(digest: [UInt8], length: Int) -> [UInt8] {
        precondition(digest.count == 32, "a SHA-256 digest has 32 bytes")
        let t = sha256DigestInfoPrefix + digest
        precondition(length >= t.count + 11, "the key is too short for PKCS #1 v1.5 with SHA-256")
        return [0x00, 0x01] + [UInt8](repeating: 0xFF, count: length - t.count - 3) + [0x00] + t
    }
}
