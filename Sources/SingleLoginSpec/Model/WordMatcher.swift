/// Finds phrases in a text as whole words: ignoring case, anything but letters and digits (and an
/// apostrophe between two of them) separating words, so that "sign up" matches "Sign-up" and "SIGN  UP"
/// but not "signed up" or "design update".
///
/// With exceptions (`noElement`'s `except`), the text is read from left to right and at each word
/// the longest phrase that starts there decides: a phrase of `phrases` is a match; an exception
/// is skipped whole. So with the phrases "sign up" and "sign up for an account" and the exception
/// "sign up for", "Sign up for open shifts" holds no match, while "Sign up", "Sign up with email"
/// and "Sign up for an account" do: an exception is itself overridden by a longer phrase.
public struct WordMatcher: Sendable {
    private typealias Phrase = (original: String, words: [String], isException: Bool)
    /// The phrases and exceptions by their first word, each in the order given: only those can start at a word
    /// (a catalogue's lists hold hundreds of phrases, and explore reads every button of every step).
    private let phrasesByFirstWord: [String: [Phrase]]

    /// A matcher for `phrases`, with `exceptions` that do not count as matches.
    public init(_ phrases: [String], except exceptions: [String] = []) {
        let all: [Phrase] = phrases.map { ($0, Self.words(of: $0), false) } + exceptions.map { ($0, Self.words(of: $0), true) }
        phrasesByFirstWord = Dictionary(grouping: all.filter { !$0.words.isEmpty }, by: { $0.words[0] })
    }

    /// The first phrase found in `text` as whole words (never an exception), or nil.
    public func firstMatch(in text: String) -> String? {
        let words = Self.words(of: text)
        var start = 0
        while start < words.count {
            var longest: (original: String, count: Int, isException: Bool)?
            for phrase in phrasesByFirstWord[words[start]] ?? [] where phrase.words.count <= words.count - start && phrase.words.count > (longest?.count ?? 0) {
                if words[start..<start + phrase.words.count].elementsEqual(phrase.words) {
                    longest = (phrase.original, phrase.words.count, phrase.isException)
                }
            }
            guard let found = longest else { start += 1; continue }
            if !found.isException { return found.original }
            start += found.count
        }
        return nil
    }

    /// The lowercased words of `text`: runs of letters and digits. An apostrophe (`'` or `’`)
    /// between two of them is part of the word, written `'` ("Don’t" is "don't"); anywhere else
    /// it separates words.
    public static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var apostrophe = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if apostrophe { current.append("'") }
                current.append(character)
            } else if (character == "'" || character == "\u{2019}") && !current.isEmpty && !apostrophe {
                apostrophe = true
                continue
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
            apostrophe = false
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
