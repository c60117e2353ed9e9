import Testing
import DidYouMean

@Suite("Did you mean")
struct SuggestionTests {
    @Test(
        "suggests the closest plausible candidate",
        arguments: [
            ("acount", ["do", "account", "expect"], "account"),
            ("--formt", ["--format", "--help"], "--format"),
            ("signedin", ["signedIn", "signedOut"], "signedIn"),
            ("lanch", ["launch", "resume"], "launch"),
            ("acquireTokenSilently", ["acquireToken", "acquireTokenSilent"], "acquireTokenSilent"),
            ("tapSingIn", ["tapSignIn", "tapSignOut"], "tapSignIn"),
        ])
    func suggests(word: String, candidates: [String], expected: String) {
        #expect(Suggestion.closest(to: word, among: candidates) == expected)
    }

    @Test(
        "suggests nothing when no candidate is close",
        arguments: [
            ("colour", ["id", "level", "title"]),
            ("--foo", ["--format"]),
            ("x", []),
        ])
    func suggestsNothing(word: String, candidates: [String]) {
        #expect(Suggestion.closest(to: word, among: candidates) == nil)
    }

    @Test(
        "edit distance counts insertions, deletions, substitutions and transpositions",
        arguments: [
            ("", "abc", 3), ("abc", "abc", 0), ("abc", "abd", 1), ("abc", "ab", 1), ("abc", "acb", 1), ("kitten", "sitting", 3),
        ])
    func distance(lhs: String, rhs: String, expected: Int) {
        #expect(Suggestion.editDistance(lhs, rhs) == expected)
        #expect(Suggestion.editDistance(rhs, lhs) == expected)
    }
}
