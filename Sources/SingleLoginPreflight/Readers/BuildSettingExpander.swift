import Foundation

/// Expands build-setting references the way Xcode does: `$(NAME)`, `${NAME}` and `$NAME`, nested
/// references, and the modifiers `:lower`, `:upper`, `:rfc1034identifier`, `:c99extidentifier`,
/// `:identifier`, `:default=VALUE`.
public struct BuildSettingExpander: Sendable {
    /// The settings references resolve against.
    public var settings: [String: String]

    /// Creates an expander.
    public init(settings: [String: String]) {
        self.settings = settings
    }

    /// The result of an expansion.
    public struct Expansion: Hashable, Sendable {
        /// The text with every resolvable reference replaced.
        public var value: String
        /// The names referenced but not defined (left as written in `value`).
        public var unresolved: [String]
    }

    /// Expands `text`; unknown names stay as written and are listed in `unresolved`.
    public func expand(_ text: String) -> Expansion {
        var unresolved: [String] = []
        let value = expand(text, depth: 0, unresolved: &unresolved)
        return Expansion(value: value, unresolved: unresolved)
    }

    private func expand(_ text: String, depth: Int, unresolved: inout [String]) -> String {
        guard depth < 16, text.contains("$") else { return text }
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "$", index + 1 < characters.count else {
                output.append(character)
                index += 1
                continue
            }
            let next = characters[index + 1]
            if next == "(" || next == "{" {
                let close: Character = next == "(" ? ")" : "}"
                // Find the matching close, allowing nested references inside.
                var level = 0
                var end = index + 1
                while end < characters.count {
                    if characters[end] == next { level += 1 }
                    if characters[end] == close { level -= 1; if level == 0 { break } }
                    end += 1
                }
                guard end < characters.count else {
                    output.append(contentsOf: characters[index...])
                    break
                }
                let inner = expand(String(characters[(index + 2)..<end]), depth: depth + 1, unresolved: &unresolved)
                let original = String(characters[index...end])
                output += resolve(reference: inner, original: original, depth: depth, unresolved: &unresolved)
                index = end + 1
            } else if next == "_" || next.isLetter {
                var end = index + 1
                while end < characters.count, characters[end] == "_" || characters[end].isLetter || characters[end].isNumber { end += 1 }
                let name = String(characters[(index + 1)..<end])
                output += resolve(reference: name, original: "$" + name, depth: depth, unresolved: &unresolved)
                index = end
            } else {
                output.append(character)
                index += 1
            }
        }
        return output
    }

    private func resolve(reference: String, original: String, depth: Int, unresolved: inout [String]) -> String {
        var parts = reference.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeFirst()
        var value: String?
        if let raw = settings[name] {
            value = expand(raw, depth: depth + 1, unresolved: &unresolved)
        }
        for modifier in parts {
            if modifier.hasPrefix("default=") {
                if value?.isEmpty ?? true { value = String(modifier.dropFirst("default=".count)) }
                continue
            }
            guard let current = value else { continue }
            value = Self.apply(modifier: modifier, to: current)
        }
        guard let value else {
            if !unresolved.contains(name) { unresolved.append(name) }
            return original
        }
        return value
    }

    /// Applies one modifier; unknown modifiers leave the value unchanged.
    static func apply(modifier: String, to value: String) -> String {
        switch modifier {
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "rfc1034identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "-" })
        case "c99extidentifier", "identifier":
            var result = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
            if let first = result.first, first.isNumber { result = "_" + result }
            return result
        default: return value
        }
    }
}
