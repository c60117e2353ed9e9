import Foundation

/// Source text with comments blanked, so that a commented-out call does not count as a call.
enum SourceText {
    /// The 1-based line of the first match of `regex` outside comments (and, with `outsideStrings`,
    /// outside string literals too: a forbidden setting quoted in a message is no setting), if any.
    static func firstMatch(of regex: NSRegularExpression, in text: String, outsideStrings: Bool = false) -> Int? {
        let stripped = withoutComments(text, blankingStrings: outsideStrings)
        let range = NSRange(stripped.startIndex..., in: stripped)
        guard let match = regex.firstMatch(in: stripped, range: range), let found = Range(match.range, in: stripped) else { return nil }
        return stripped[..<found.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// Replaces `//` and `/* */` comments with spaces (keeping newlines); string literals are left
    /// alone, or with `blankingStrings` their contents become spaces too (the quotes stay).
    static func withoutComments(_ text: String, blankingStrings: Bool = false) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var inString = false
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if inString {
                let closes = scalar == "\"" || scalar == "\n"
                output.append(blankingStrings && !closes ? " " : scalar)
                if scalar == "\\", let next { output.append(blankingStrings && next != "\n" ? " " : next); index += 2; continue }
                if closes { inString = false }
                index += 1
            } else if scalar == "\"" {
                inString = true
                output.append(scalar)
                index += 1
            } else if scalar == "/", next == "/" {
                while index < scalars.count, scalars[index] != "\n" { output.append(" "); index += 1 }
            } else if scalar == "/", next == "*" {
                var depth = 0
                repeat {
                    if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                        depth += 1; output.append(" "); output.append(" "); index += 2; continue
                    }
                    if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                        depth -= 1; output.append(" "); output.append(" "); index += 2; continue
                    }
                    output.append(scalars[index] == "\n" ? "\n" : " ")
                    index += 1
                } while depth > 0 && index < scalars.count
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return String(output)
    }
}
