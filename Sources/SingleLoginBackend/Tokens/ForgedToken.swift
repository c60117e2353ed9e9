import SingleLoginJSON
import SingleLoginCrypto
/// A token as the harness built it: the header and claims it meant, and the compact text it sent.
///
/// Forgeries are valid tokens with one thing changed; reports show the header and claims so a
/// failure says exactly what the backend accepted.
public struct ForgedToken: Sendable, Hashable {
    /// The JOSE header as meant (for a malformed token, what the broken part was built from).
    public var header: JSONValue
    /// The claims as meant.
    public var claims: JSONValue
    /// The compact serialisation sent: `header.payload.signature`, or a deliberately broken one.
    public var compact: String
    /// How it was signed, for people: `RS256 with the tenant key (kid ...)`.
    public var signing: String

    /// An RS256 JWS of `claims` under `header`, signed by `key`.
    public static func rs256(header: JSONValue, claims: JSONValue, key: TestKey, keyName: String) -> ForgedToken {
        let signingInput = Base64URL.encode(header.compact) + "." + Base64URL.encode(claims.compact)
        let signature = key.key.signRS256(Array(signingInput.utf8))
        return ForgedToken(
            header: header, claims: claims, compact: signingInput + "." + Base64URL.encode(signature),
            signing: "RS256 with \(keyName) " + (header["kid"] == .string(key.kid) ? "(kid \(key.kid))" : "(the key's own kid is \(key.kid), not the header's)")
        )
    }

    /// An HS256 JWS of `claims` under `header`, keyed with `secret`.
    public static func hs256(header: JSONValue, claims: JSONValue, secret: [UInt8], secretName: String) -> ForgedToken {
        let signingInput = Base64URL.encode(header.compact) + "." + Base64URL.encode(claims.compact)
        let mac = HMACSHA256.mac(key: secret, message: Array(signingInput.utf8))
        return ForgedToken(
            header: header, claims: claims, compact: signingInput + "." + Base64URL.encode(mac),
            signing: "HS256 keyed with \(secretName)")
    }

    /// A JWS of `claims` under `header` whose signature part is `signature` as it stands, signed by
    /// nobody: `what` says what it is (`empty`, `256 zero bytes`).
    public static func withSignature(_ signature: [UInt8], header: JSONValue, claims: JSONValue, what: String) -> ForgedToken {
        ForgedToken(
            header: header, claims: claims,
            compact: Base64URL.encode(header.compact) + "." + Base64URL.encode(claims.compact) + "." + Base64URL.encode(signature),
            signing: "none: the signature is \(what), under a header that names RS256 and the tenant key's kid")
    }

    /// An unsecured JWS (alg `none`): header and claims, an empty signature.
    public static func unsigned(header: JSONValue, claims: JSONValue) -> ForgedToken {
        ForgedToken(
            header: header, claims: claims, compact: Base64URL.encode(header.compact) + "." + Base64URL.encode(claims.compact) + ".",
            signing: "none (empty signature)")
    }
}
