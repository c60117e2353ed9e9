import SingleLoginJSON
import SingleLoginCrypto
/// The 1 MiB JWS of BE-INPUT-3: a header naming a published kid, a payload of padding with no
/// identity claims, and random signature bytes, exactly `byteCount` characters in all.
public enum OversizedToken {
    /// The token; its compact form is exactly `byteCount` bytes long.
    public static func make(kid: String, byteCount: Int) -> ForgedToken {
        let header = TokenMint.header(kid: kid)
        let headerPart = Base64URL.encode(header.compact)
        var generator = SystemRandomNumberGenerator()
        // Base64url never has a length of 4k+1, so one of three signature sizes always fits.
        for signatureBytes in [256, 255, 254] {
            let signaturePart = Base64URL.encode((0..<signatureBytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let payloadLength = byteCount - headerPart.count - signaturePart.count - 2
            guard payloadLength % 4 != 1 else { continue }
            // Encoded length L of n bytes: n = 3·(L/4) + (L%4 == 0 ? 0 : L%4 - 1).
            let payloadBytes = 3 * (payloadLength / 4) + (payloadLength % 4 == 0 ? 0 : payloadLength % 4 - 1)
            let skeleton = "{\"pad\":\"\"}"
            let claims = JSONValue.members(["pad": .string(String(repeating: "x", count: payloadBytes - skeleton.utf8.count))])
            let compact = headerPart + "." + Base64URL.encode(claims.compact) + "." + signaturePart
            precondition(compact.utf8.count == byteCount, "oversized token is \(compact.utf8.count) bytes, not \(byteCount)")
            let shown = JSONValue.members(["pad": .string("x × \(payloadBytes - skeleton.utf8.count)")])
            return ForgedToken(header: header, claims: shown, compact: compact, signing: "\(signatureBytes) random bytes (no key)")
        }
        preconditionFailure("unreachable: one of three signature sizes fits")
    }
}
