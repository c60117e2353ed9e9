import Foundation

/// Base64url without padding (RFC 7515, section 2), as JWS and JWK write bytes.
public enum Base64URL {
    /// The unpadded base64url text of `bytes`.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The base64url text of a string's UTF-8 bytes.
    public static func encode(_ text: String) -> String {
        encode(Array(text.utf8))
    }

    /// The bytes of unpadded (or padded) base64url text; nil when it is not base64url.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !standard.contains("=") || text.hasSuffix("=") else { return nil }
        standard = standard.replacingOccurrences(of: "=", with: "")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }
}
