/// A small, tolerant reader of old-style (OpenStep) ASCII property lists such as `project.pbxproj`:
/// `{ key = value; }`, `( a, b, )`, quoted and unquoted strings, `/* */` and `//` comments.
struct OldStylePlistParser {
    /// A syntax error with its 1-based line.
    struct SyntaxError: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1

    /// Prepares to parse `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Parses one value and checks that only comments follow.
    static func parse(_ text: String) throws(SyntaxError) -> PropertyListValue {
        var parser = OldStylePlistParser(text)
        let value = try parser.parseValue()
        parser.skipTrivia()
        if parser.index < parser.scalars.count { throw parser.error("unexpected text after the top-level value") }
        return value
    }

    private func error(_ message: String) -> SyntaxError { SyntaxError(line: line, message: message) }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    private mutating func skipTrivia() {
        while let scalar = current {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                advance(); advance()
                while current != nil, !(current == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { advance() }
                if current != nil { advance(); advance() }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let next = current, next != "\n" { _ = next; advance() }
            } else {
                return
            }
        }
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(SyntaxError) {
        skipTrivia()
        guard current == scalar else { throw error("expected '\(scalar)'") }
        advance()
    }

    private mutating func parseValue() throws(SyntaxError) -> PropertyListValue {
        skipTrivia()
        guard let scalar = current else { throw error("unexpected end of file") }
        switch scalar {
        case "{": return try parseDictionary()
        case "(": return try parseArray()
        case "<": return .string(try parseData())
        default: return .string(try parseString())
        }
    }

    private mutating func parseDictionary() throws(SyntaxError) -> PropertyListValue {
        advance()
        var entries: [String: PropertyListValue] = [:]
        while true {
            skipTrivia()
            guard let scalar = current else { throw error("unterminated dictionary") }
            if scalar == "}" { advance(); return .dictionary(entries) }
            let key = try parseString()
            try expect("=")
            let value = try parseValue()
            try expect(";")
            entries[key] = value
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> PropertyListValue {
        advance()
        var elements: [PropertyListValue] = []
        while true {
            skipTrivia()
            guard let scalar = current else { throw error("unterminated array") }
            if scalar == ")" { advance(); return .array(elements) }
            elements.append(try parseValue())
            skipTrivia()
            if current == "," { advance() } else if current != ")" { throw error("expected ',' or ')' in array") }
        }
    }

    private mutating func parseData() throws(SyntaxError) -> String {
        advance()
        var text = ""
        while let scalar = current, scalar != ">" { text.unicodeScalars.append(scalar); advance() }
        guard current == ">" else { throw error("unterminated data") }
        advance()
        return text
    }

    private static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "/", ":", ".", "-", "+", "@", "*", "(", ")", "[", "]", "!", "&", "|", "~", "^", "%", "#", "?", "'",
            "\\":
            // `(` and `)` only inside a word (e.g. `$(SRCROOT)`); a word never starts with them.
            return true
        default:
            return scalar.value > 127
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        skipTrivia()
        guard let first = current else { throw error("unexpected end of file") }
        if first == "\"" || first == "'" { return try parseQuoted(first) }
        guard Self.isUnquoted(first), first != "(", first != ")" else { throw error("unexpected character '\(first)'") }
        var text = ""
        var depth = 0
        while let scalar = current, Self.isUnquoted(scalar) {
            if scalar == "(" { depth += 1 }
            if scalar == ")" { if depth == 0 { break }; depth -= 1 }
            text.unicodeScalars.append(scalar)
            advance()
        }
        return text
    }

    private mutating func parseQuoted(_ quote: Unicode.Scalar) throws(SyntaxError) -> String {
        let startLine = line
        advance()
        var text = ""
        while let scalar = current {
            if scalar == quote { advance(); return text }
            if scalar == "\\" {
                advance()
                guard let escaped = current else { break }
                switch escaped {
                case "n": text += "\n"
                case "t": text += "\t"
                case "r": text += "\r"
                default: text.unicodeScalars.append(escaped)
                }
                advance()
            } else {
                text.unicodeScalars.append(scalar)
                advance()
            }
        }
        throw SyntaxError(line: startLine, message: "unterminated string")
    }
}
