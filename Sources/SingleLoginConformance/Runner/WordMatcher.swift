/// Finds phrases in a text as whole words: ignoring case, with runs of spaces and hyphens alike,
/// so that "sign up" matches "Sign-up" and "SIGN  UP" but not "signed up" or "design update".
struct WordMatcher: Sendable {
    private let phrases: [(original: String, words: [String])]

    /// A matcher for `phrases`.
    init(_ phrases: [String]) {
        self.phrases = phrases.map { ($0, Self.words(of: $0)) }.filter { !$0.1.isEmpty }
    }

    /// The first phrase found in `text` as whole words, or nil.
    func firstMatch(in text: String) -> String? {
        let words = Self.words(of: text)
        for phrase in phrases where phrase.words.count <= words.count {
            for start in 0...(words.count - phrase.words.count) where Array(words[start..<start + phrase.words.count]) == phrase.words {
                return phrase.original
            }
        }
        return nil
    }

    /// The lowercased words of `text`: runs of letters and digits (apostrophes kept inside a word).
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || (character == "'" && !current.isEmpty) {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
