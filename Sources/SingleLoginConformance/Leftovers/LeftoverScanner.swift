import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// Finds a user's markers in what the app shows and stores, also when the app changed their
/// case, their Unicode normalisation, or encoded them (percent-encoding, base64 and base64url,
/// hex, JSON escaping).
///
/// This is how "none of the user's data remains" is checked without app-specific code. What is
/// scanned: every screen element's text, every stored item's key and value, `signedInAccount`;
/// each as is, percent-decoded, JSON-unescaped, and every run of 16 or more
/// base64/base64url characters decoded (as UTF-8, else as Latin-1), and every run of 6 or more hex
/// digits decoded (as UTF-8 only). Markers and texts are compared case-folded ("ALICE", "Straße"
/// and "STRASSE", "ΣΟΦΊΑ" and "σοφία" match) and canonically composed, so a name stored decomposed
/// (NFD, as some file systems and keyboards leave it) is found as well as composed (NFC).
/// Not scanned: other encodings, compression or encryption. A marker that is a word (a given or
/// family name) is found only as a whole word, in any script: no letter, digit or combining mark
/// may touch it; and not in bytes that decoded only as Latin-1 (random bytes would).
public struct LeftoverScanner: Sendable {
    /// A distinctive string and whose it is.
    public struct Marker: Hashable, Sendable {
        /// The text to look for.
        public var text: String
        /// Whose it is, for evidence: `alice's username`, `alice's session 1 records`.
        public var owner: String
        /// Whether it counts only as a whole word (a name: "Alice" in "Bye, Alice!", not in "Malice").
        public var wholeWord: Bool

        /// Creates a marker; a `wholeWord` marker counts only where no letter or digit touches it.
        public init(_ text: String, owner: String, wholeWord: Bool = false) {
            self.text = text
            self.owner = owner
            self.wholeWord = wholeWord
        }
    }

    /// Where a marker was found.
    public struct Finding: Hashable, Sendable, CustomStringConvertible {
        /// Screen, storage or a device surface.
        public var place: Expectation.Place
        /// The element or item, e.g. `text "Signed in as Alice Adams"` or `file records.json`.
        public var location: String
        /// The marker found.
        public var marker: Marker
        /// How it was encoded where found: `as is`, `percent-encoded`, `base64`, `hex`, `JSON-escaped`.
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
        let needles = markers.filter { !$0.text.isEmpty }.map { ($0, Self.lowercasedBytes($0.text)) }
        guard !needles.isEmpty else { return [] }
        // Where each candidate is, said only for the places that hold a marker.
        var candidates: [(place: Expectation.Place, text: String, location: () -> String)] = []
        if places.contains(.screen) {
            for element in observation.screen {
                // A row the app marks as a record says so, as the signed-in check's evidence does.
                candidates.append((.screen, element.text, { "\(element.kind.rawValue) \(Self.quoted(element.text))" + (element.isRecord ? " (record)" : "") }))
            }
        }
        for item in observation.storage {
            // A device surface's item is looked at only where its surface is named: `storage` is the sandbox.
            let place: Expectation.Place = item.area.isDeviceSurface ? .surface(item.area) : .storage
            guard places.contains(place) else { continue }
            candidates.append((place, item.key + "\n" + item.value, { place == .storage ? item.placeDescription : Self.surfaceLocation(item) }))
        }
        if places.contains(.storage), let account = observation.signedInAccount { candidates.append((.storage, account, { "signedInAccount" })) }
        var findings: [Finding] = []
        for candidate in candidates {
            let variants = Self.cachedVariants(of: candidate.text)
            var here: [Finding] = []
            for (marker, needle) in needles {
                // A name already found in a longer marker here ("Alice" in "Alice Adams") is no second finding.
                if marker.wholeWord, here.contains(where: { !$0.marker.wholeWord && Self.contains(Self.lowercasedBytes($0.marker.text), needle) }) { continue }
                let hit =
                    marker.wholeWord
                    ? variants.first { !$0.latin1 && Self.containsWord($0.bytes, needle) }
                    : variants.first { Self.contains($0.bytes, needle) }
                if let hit {
                    here.append(Finding(place: candidate.place, location: candidate.location(), marker: marker, encoding: hit.encoding))
                }
            }
            findings += here
        }
        return findings
    }

    /// `"pending shift-reminder"`: a surface's item after its place's word, which already names the area.
    private static func surfaceLocation(_ item: StoredItem) -> String {
        quoted(item.key) + (item.source == .container ? " (read from the container)" : "")
    }

    /// A text's decodings, kept: an app stores the same items after every step of every explored
    /// history, and decoding them again each time was most of what judging a step cost. Parallel
    /// test cases share it, so it is split in shards by the text's hash, which is computed before
    /// any lock is taken.
    private static let variantShards = (0..<16).map { _ in Locked<[HashedText: [Variant]]>([:]) }

    typealias Variant = (encoding: String, bytes: [UInt8], latin1: Bool)

    /// A text with its hash, computed once outside the cache's lock.
    private struct HashedText: Hashable {
        let text: String
        let hash: Int
        init(_ text: String) {
            self.text = text
            hash = text.hashValue
        }
        static func == (lhs: HashedText, rhs: HashedText) -> Bool { lhs.hash == rhs.hash && lhs.text == rhs.text }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// `decodedVariants(of:)`, from the cache when this text was decoded before.
    static func cachedVariants(of text: String) -> [Variant] {
        let key = HashedText(text)
        let shard = variantShards[Int(UInt(bitPattern: key.hash) % UInt(variantShards.count))]
        if let cached = shard.withLock({ $0[key] }) { return cached }
        let variants = decodedVariants(of: text)
        shard.withLock { cache in
            // A bound keeps a long exploration of an app that stores ever-new values from growing it without end.
            if cache.count >= 512 { cache.removeAll(keepingCapacity: true) }
            cache[key] = variants
        }
        return variants
    }

    /// The text lowercased as is and under each decoding that changes it, as UTF-8 bytes; `latin1`
    /// marks base64 that is no UTF-8 and was read as Latin-1 (where whole-word markers are not looked for).
    static func decodedVariants(of text: String) -> [Variant] {
        var variants: [(String, [UInt8], Bool)] = [("as is", lowercasedBytes(text), false)]
        let bytes = Array(text.utf8)
        if bytes.contains(UInt8(ascii: "%")), let decoded = text.removingPercentEncoding, decoded != text {
            variants.append(("percent-encoded", lowercasedBytes(decoded), false))
        }
        if bytes.contains(UInt8(ascii: "\\")) {
            let unescaped = jsonUnescaped(text)
            if unescaped != text { variants.append(("JSON-escaped", lowercasedBytes(unescaped), false)) }
        }
        for decoded in base64Segments(in: bytes) { variants.append(("base64", decoded.bytes, decoded.latin1)) }
        for decoded in hexSegments(in: bytes) { variants.append(("hex", decoded, false)) }
        return variants
    }

    /// Whether `word` occurs in `haystack` (UTF-8) with no letter, digit or combining mark of any
    /// script right before or after it: "Дмитрий" in "«Дмитрий»" and "Пока, Дмитрий!", not in
    /// "Дмитриевич"; "Jose" not in "José", composed or decomposed.
    static func containsWord(_ haystack: [UInt8], _ word: [UInt8]) -> Bool {
        guard !word.isEmpty, haystack.count >= word.count else { return false }
        func isASCIIWordByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        // Buffer pointers, not slices: this runs for every marker in every decoding of every item.
        return haystack.withUnsafeBufferPointer { hay in
            /// Whether the scalar that ends right before `index` is part of a word.
            func wordEndsBefore(_ index: Int) -> Bool {
                guard index > 0 else { return false }
                guard hay[index - 1] >= 0x80 else { return isASCIIWordByte(hay[index - 1]) }
                var lead = index - 1
                while lead > 0, hay[lead] & 0xC0 == 0x80 { lead -= 1 }
                return isWordScalar(hay, at: lead)
            }
            /// Whether the scalar that starts at `index` is part of a word.
            func wordStartsAt(_ index: Int) -> Bool {
                guard index < hay.count else { return false }
                return hay[index] < 0x80 ? isASCIIWordByte(hay[index]) : isWordScalar(hay, at: index)
            }
            return word.withUnsafeBufferPointer { pin in
                let last = hay.count - pin.count
                var start = 0
                while start <= last {
                    if hay[start] == pin[0] {
                        var matched = 1
                        while matched < pin.count, hay[start + matched] == pin[matched] { matched += 1 }
                        if matched == pin.count, !wordEndsBefore(start), !wordStartsAt(start + pin.count) {
                            return true
                        }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    /// Whether the UTF-8 scalar that starts at `index` is a letter, a digit or a combining mark
    /// (a byte that starts no valid scalar counts as part of a word: the scanner cannot tell).
    private static func isWordScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, index + length <= bytes.count else { return true }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return true }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
        default: return properties.isAlphabetic
        }
    }

    /// `text` case-folded, as UTF-8: ASCII lowercased byte by byte; anything else upper- then
    /// lowercased (so that "ß" and "SS", "ς" and "Σ" fold alike) and canonically composed (NFC), so
    /// that a decomposed "José" is the composed one.
    static func lowercasedBytes(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return Array(text.uppercased().lowercased().precomposedStringWithCanonicalMapping.utf8) }
        for index in bytes.indices where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z") { bytes[index] += 32 }
        return bytes
    }

    /// ISO Latin-1 bytes as lowercased UTF-8: ASCII and Latin-1 capitals (À to Þ but ×) lowered, as Unicode lowers them.
    static func latin1LowercasedUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        for byte in bytes {
            var lowered = byte
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || ((0xC0...0xDE).contains(byte) && byte != 0xD7) { lowered += 0x20 }
            if lowered < 0x80 {
                output.append(lowered)
            } else {
                output.append(0xC0 | (lowered >> 6))
                output.append(0x80 | (lowered & 0x3F))
            }
        }
        return output
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty }
        let last = haystack.count - needle.count
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var index = 0
                while index <= last {
                    if hay[index] == first {
                        var matched = 1
                        while matched < pin.count, hay[index + matched] == pin[matched] { matched += 1 }
                        if matched == pin.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
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

    /// What runs of base64 or base64url characters (16 or more) decode to, lowercased, as UTF-8
    /// (bytes that are not UTF-8 read as ISO Latin-1, and marked `latin1`).
    static func base64Segments(in bytes: [UInt8]) -> [(bytes: [UInt8], latin1: Bool)] {
        var segments: [(bytes: [UInt8], latin1: Bool)] = []
        bytes.withUnsafeBufferPointer { all in
            // One piece: a run between "=" signs ("=" is padding at the end of an encoding;
            // elsewhere, as in "user=...", it separates). The piece may begin with characters that
            // are not part of the encoding ("blob" in "blobYWxp..."): one of the four start offsets
            // finds the real start.
            func decodePiece(_ start: Int, _ end: Int) {
                guard end - start >= 16 else { return }
                for offset in 0..<4 where end - start - offset >= 4 {
                    var count = end - start - offset
                    if count % 4 == 1 { count -= 1 }  // A lone last character carries no whole byte.
                    let decoded = decodeBase64(all, from: start + offset, count: count)
                    if let text = String(validUTF8: decoded) {
                        segments.append((lowercasedBytes(text), false))
                    } else {
                        segments.append((latin1LowercasedUTF8(decoded), true))
                    }
                }
            }
            // A piece ends at "=", at any other byte that is no base64 character, and at the end.
            var pieceStart = 0
            for index in 0...all.count {
                if index < all.count, base64Value(all[index]) != nil { continue }
                decodePiece(pieceStart, index)
                pieceStart = index + 1
            }
        }
        return segments
    }

    /// `count` base64 or base64url characters from `start`, decoded; unpadded, as `Data(base64Encoded:)`
    /// decodes them padded (bits left over at the end are dropped).
    private static func decodeBase64(_ characters: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for index in start..<start + count {
            accumulator = accumulator << 6 | UInt32(base64Value(characters[index]) ?? 0)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }

    /// The six bits a base64 or base64url character stands for (`+`/`-` 62, `/`/`_` 63), or nil.
    private static func base64Value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): return 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): return 63
        default: return nil
        }
    }

    /// What runs of hex digits (6 or more: a three-letter name) decode to, lowercased, when the
    /// bytes are UTF-8. Bytes that are not UTF-8 (a hash, a UUID, a key) are not scanned at all: a
    /// marker found in random bytes would be chance.
    static func hexSegments(in bytes: [UInt8]) -> [[UInt8]] {
        var segments: [[UInt8]] = []
        var run: [UInt8] = []
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        func flush() {
            defer { run.removeAll(keepingCapacity: true) }
            guard run.count >= 6 else { return }
            // An odd run may begin with a digit that belongs to the text before it ("v2616c69...").
            for offset in run.count % 2 == 0 ? [0] : [0, 1] {
                var decoded: [UInt8] = []
                decoded.reserveCapacity(run.count / 2)
                var index = offset
                while index + 1 < run.count {
                    decoded.append(run[index] << 4 | run[index + 1])
                    index += 2
                }
                if let text = String(validUTF8: decoded) { segments.append(lowercasedBytes(text)) }
            }
        }
        for byte in bytes {
            if let value = nibble(byte) { run.append(value) } else { flush() }
        }
        flush()
        return segments
    }

    private static func quoted(_ text: String) -> String {
        let short = text.count > 80 ? String(text.prefix(77)) + "..." : text
        return "\"\(short)\""
    }
}
