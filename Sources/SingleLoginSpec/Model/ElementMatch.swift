/// How `noElement` recognises an element.
public enum ElementMatch: Hashable, Sendable, CustomStringConvertible {
    /// `"matching"`: a case-insensitive regular expression anywhere in the text.
    case pattern(String)
    /// `"words"`: phrases matched as whole words, ignoring case, with runs of spaces and hyphens alike.
    case words([String])

    /// `/sign ?up/` or `the words "sign up", "register"`.
    public var description: String {
        switch self {
        case .pattern(let pattern): return "/\(pattern)/"
        case .words(let words): return "the words " + words.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }
}
