import Foundation
import SingleLoginDigest

/// Tokens never leave the device in clear: each is written as `hmac:` and the first 32 hex digits
/// of its HMAC-SHA256 under the pass's key. Two tokens still tell apart, the same token reads the
/// same everywhere in a trace, and nobody without the key can test a guess against a digest.
public struct TokenDigest: Sendable {
    /// The prefix every digest carries.
    public static let prefix = "hmac:"
    /// The text ``keyCheck`` is the MAC of.
    public static let keyCheckText = "single-login-device-trace key check"

    private let key: [UInt8]

    /// A digest under `key` (the pass's key: 32 random bytes the harness hands the recorder).
    public init(key: [UInt8]) {
        self.key = key
    }

    /// A new random key of 32 bytes.
    public static func randomKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// The digest of `token`.
    public func digest(_ token: String) -> String {
        Self.prefix + String(Self.hex(HMACSHA256.mac(key: key, message: Array(token.utf8))).prefix(32))
    }

    /// The MAC of ``keyCheckText``, in hex: written into the trace's header.
    public var keyCheck: String { Self.hex(HMACSHA256.mac(key: key, message: Array(Self.keyCheckText.utf8))) }

    /// `text` with every JWT-shaped run (three base64url parts, the first starting `eyJ`) replaced by its digest.
    public func redact(_ text: String) -> String {
        guard text.contains("eyJ") else { return text }
        var output = ""
        var rest = Substring(text)
        while let start = rest.range(of: "eyJ") {
            output += rest[..<start.lowerBound]
            var end = start.lowerBound
            var dots = 0
            while end < rest.endIndex, Self.isTokenCharacter(rest[end]) {
                if rest[end] == "." { dots += 1 }
                end = rest.index(after: end)
            }
            // A sentence's full stop after a token is not the token's: drop trailing dots the three parts do not need.
            while end > start.lowerBound, rest[rest.index(before: end)] == ".", dots > 2 {
                end = rest.index(before: end)
                dots -= 1
            }
            let candidate = rest[start.lowerBound..<end]
            output += dots >= 2 ? digest(String(candidate)) : String(candidate)
            rest = rest[end...]
        }
        return output + rest
    }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_" || character == ".")
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
