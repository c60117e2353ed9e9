/// How `noElement` recognises an element.
public enum ElementMatch: Hashable, Sendable, CustomStringConvertible {
    /// `"matching"`: a case-insensitive regular expression anywhere in the text.
    case pattern(String)
    /// `"words"` (with `"except"`): phrases matched as whole words, ignoring case, with runs of spaces
    /// and hyphens alike; at each word the longest phrase starting there decides, and an exception
    /// (say "sign up for", as in "Sign up for open shifts") is no match (see ``WordMatcher``).
    case words([String], except: [String] = [])

    /// `/sign ?up/` or `the words "sign up", "register" (except "sign up for")`.
    public var description: String {
        switch self {
        case .pattern(let pattern): return "/\(pattern)/"
        case .words(let words, let exceptions):
            return "the words " + words.map { "\"\($0)\"" }.joined(separator: ", ")
                + (exceptions.isEmpty ? "" : " (except " + exceptions.map { "\"\($0)\"" }.joined(separator: ", ") + ")")
        }
    }
}
