/// Hand-written matchers for the identifier patterns of format v1 (the schema states the same as regular expressions).
enum SpecPatterns {
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `^[a-z0-9][a-z0-9.-]*$`.
    static func isSpecID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLower(first) || isDigit(first) else { return false }
        return bytes.allSatisfy { isLower($0) || isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    /// `^[a-z][A-Za-z0-9_-]*$`.
    static func isAccountName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLower(first) else { return false }
        return bytes.allSatisfy { isLower($0) || isUpper($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// `^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$`.
    static func isRequirementID(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count >= 2, let first = parts[0].first, isUpper(first) else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { isUpper($0) || isDigit($0) } }
    }

    /// `^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$` as (major, minor).
    static func formatVersion(_ text: String) -> (Int, Int)? {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(isNumericIdentifier) else { return nil }
        guard let major = Int(String(decoding: parts[0], as: UTF8.self)), let minor = Int(String(decoding: parts[1], as: UTF8.self)) else { return nil }
        return (major, minor)
    }

    /// Semantic Versioning 2.0.0: `MAJOR.MINOR.PATCH[-prerelease][+build]`.
    static func isSemanticVersion(_ text: String) -> Bool {
        var rest = Substring(text)
        var build: Substring?
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...]
            rest = rest[..<plus]
        }
        var prerelease: Substring?
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...]
            rest = rest[..<dash]
        }
        let core = rest.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard core.count == 3, core.allSatisfy(isNumericIdentifier) else { return false }
        if let prerelease {
            let identifiers = prerelease.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            for identifier in identifiers {
                guard !identifier.isEmpty, identifier.allSatisfy(isIdentifierByte) else { return false }
                if identifier.allSatisfy(isDigit), !isNumericIdentifier(identifier) { return false }
            }
        }
        if let build {
            let identifiers = build.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard identifiers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isIdentifierByte) }) else { return false }
        }
        return true
    }

    /// `^https?://[^\s]+$`.
    static func isURL(_ text: String) -> Bool {
        let rest: Substring
        if text.hasPrefix("https://") { rest = text.dropFirst(8) } else if text.hasPrefix("http://") { rest = text.dropFirst(7) } else { return false }
        guard !rest.isEmpty else { return false }
        for scalar in rest.unicodeScalars {
            // ASCII first: Unicode property lookups are slow, and addresses are almost always ASCII.
            if scalar.isASCII ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace { return false }
        }
        return true
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isLower(byte) || isUpper(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
    }

    private static func isNumericIdentifier(_ part: some Collection<UInt8>) -> Bool {
        guard let first = part.first, part.allSatisfy(isDigit) else { return false }
        return part.count == 1 || first != UInt8(ascii: "0")
    }
}
