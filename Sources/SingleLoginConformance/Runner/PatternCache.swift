import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// The `noElement` patterns and word lists, compiled once each: a pattern checked after every step
/// of thousands of explored histories is not compiled thousands of times.
enum PatternCache {
    private static let compiled = Locked<[String: NSRegularExpression]>([:])
    private static let matchers = Locked<[[String]: WordMatcher]>([:])

    /// The matcher of `phrases` with `exceptions`.
    static func words(_ phrases: [String], except exceptions: [String]) -> WordMatcher {
        // Phrases and exceptions apart: the empty string cannot be a phrase (it has no words).
        let key = phrases + [""] + exceptions
        if let cached = matchers.withLock({ $0[key] }) { return cached }
        let matcher = WordMatcher(phrases, except: exceptions)
        matchers.withLock { cache in
            if cache.count > 1000 { cache.removeAll() }
            cache[key] = matcher
        }
        return matcher
    }

    /// The case-insensitive regular expression for `pattern`, or nil when it does not compile.
    static func regex(_ pattern: String) -> NSRegularExpression? {
        if let cached = compiled.withLock({ $0[pattern] }) { return cached }
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return nil }
        compiled.withLock { cache in
            // Patterns come from specs, so there are few; a bound keeps a generated spec from growing it without end.
            if cache.count > 1000 { cache.removeAll() }
            cache[pattern] = regex
        }
        return regex
    }
}
