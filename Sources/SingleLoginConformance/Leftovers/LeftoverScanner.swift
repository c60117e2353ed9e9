import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// Finds a user's markers in what the app shows and stores, also when the app changed their
/// case or encoded them (percent-encoding, base64 and base64url, JSON escaping).
///
/// This is how "none of the user's data remains" is checked without app-specific code.
public struct LeftoverScanner: Sendable {
    /// A distinctive string and whose it is.
    public struct Marker: Hashable, Sendable {
        /// The text to look for.
        public var text: String
        /// Whose it is, for evidence: `alice's username`, `alice's session 1 records`.
        public var owner: String

        /// Creates a marker.
        public init(_ text: String, owner: String) {
            self.text = text
            self.owner = owner
        }
    }

    /// Where a marker was found.
    public struct Finding: Hashable, Sendable, CustomStringConvertible {
        /// Screen or storage.
        public var place: Expectation.Place
        /// The element or item, e.g. `text "Signed in as Alice Adams"` or `file records.json`.
        public var location: String
        /// The marker found.
        public var marker: Marker
        /// How it was encoded where found: `as is`, `percent-encoded`, `base64`, `JSON-escaped`.
        public var encoding: String

        /// `storage file records.json holds alice's username "alice@contoso.example" (base64)`.
        public var description: String {
            "\(place.rawValue) \(location) holds \(marker.owner) \"\(marker.text)\"" + (encoding == "as is" ? "" : " (\(encoding))")
        }
    }

    /// Creates a scanner.
    public init() {}

    /// Every place in `observation` (limited to `places`) that holds one of `markers`.
    public func findings(of markers: [Marker], in observation: Observation, places: Set<Expectation.Place>) -> [Finding] {
        var candidates: [(Expectation.Place, String, String)] = []
        if places.contains(.screen) {
            for element in observation.screen { candidates.append((.screen, "\(element.kind.rawValue) \(Self.quoted(element.text))", element.text)) }
        }
        if places.contains(.storage) {
            for item in observation.storage { candidates.append((.storage, "\(item.area.rawValue) \(item.key)", item.key + "\n" + item.value)) }
            if let account = observation.signedInAccount { candidates.append((.storage, "signedInAccount", account)) }
        }
        var findings: [Finding] = []
        for (place, location, text) in candidates {
            let variants = Self.decodedVariants(of: text)
            for marker in markers where !marker.text.isEmpty {
                let needle = marker.text.lowercased()
                if let hit = variants.first(where: { $0.text.contains(needle) }) {
                    findings.append(Finding(place: place, location: location, marker: marker, encoding: hit.encoding))
                }
            }
        }
        return findings
    }

    /// The text lowercased as is and under each decoding that changes it.
    static func decodedVariants(of text: String) -> [(encoding: String, text: String)] {
        var variants: [(String, String)] = [("as is", text.lowercased())]
        if let decoded = text.removingPercentEncoding, decoded != text { variants.append(("percent-encoded", decoded.lowercased())) }
        let unescaped = jsonUnescaped(text)
        if unescaped != text { variants.append(("JSON-escaped", unescaped.lowercased())) }
        for decoded in base64Segments(in: text) { variants.append(("base64", decoded.lowercased())) }
        return variants
    }

    /// Undoes JSON string escapes (`\uXXXX`, `\/`, `\"`, `\\`, `\n`...).
    static func jsonUnescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var output = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pendingHigh: UInt32?
        while let scalar = scalars.next() {
            guard scalar == "\\", let escaped = scalars.next() else { output.unicodeScalars.append(scalar); continue }
            switch escaped {
            case "n": output += "\n"
            case "t": output += "\t"
            case "r": output += "\r"
            case "b", "f": break
            case "u":
                var hex = ""
                for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
                guard let value = UInt32(hex, radix: 16) else { output += "\\u" + hex; continue }
                if (0xD800...0xDBFF).contains(value) { pendingHigh = value; continue }
                if (0xDC00...0xDFFF).contains(value), let high = pendingHigh {
                    pendingHigh = nil
                    if let combined = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)) { output.unicodeScalars.append(combined) }
                    continue
                }
                if let decoded = Unicode.Scalar(value) { output.unicodeScalars.append(decoded) }
            default: output.unicodeScalars.append(escaped)
            }
        }
        return output
    }

    /// The UTF-8 texts that runs of base64 or base64url characters (16 or more) decode to.
    static func base64Segments(in text: String) -> [String] {
        var segments: [String] = []
        var run = ""
        func flush() {
            defer { run = "" }
            // "=" is padding at the end of an encoding; elsewhere ("user=...") it separates.
            for piece in run.split(separator: "=") where piece.count >= 16 {
                let standard = piece.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                // The piece may begin with characters that are not part of the encoding
                // ("blob" in "blobYWxp..."): one of the four start offsets finds the real start.
                for offset in 0..<4 where standard.count - offset >= 4 {
                    var candidate = String(standard.dropFirst(offset))
                    if candidate.count % 4 == 1 { candidate.removeLast() }
                    candidate += String(repeating: "=", count: (4 - candidate.count % 4) % 4)
                    if let data = Data(base64Encoded: candidate), let decoded = String(bytes: data, encoding: .utf8) ?? String(bytes: data, encoding: .isoLatin1) {
                        segments.append(decoded)
                    }
                }
            }
        }
        for character in text {
            if character.isASCII, character.isLetter || character.isNumber || "+/-_=".contains(character) { run.append(character) } else { flush() }
        }
        flush()
        return segments
    }

    private static func quoted(_ text: String) -> String {
        let short = text.count > 80 ? String(text.prefix(77)) + "..." : text
        return "\"\(short)\""
    }
}
