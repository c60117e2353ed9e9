/// "Did you mean" suggestions from an edit distance: the one rule the spec loaders and every command line use.
public enum Suggestion {
    /// The candidate closest to `word`, if one is close enough to be a plausible typo.
    ///
    /// A candidate qualifies when its edit distance is at most a third of the longer length
    /// (and at least 1), or when it equals `word` ignoring case. Ties go to the earlier candidate.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            if candidate.lowercased() == lowered { return candidate }
            let distance = editDistance(lowered, candidate.lowercased())
            let limit = max(1, max(word.count, candidate.count) / 3)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The Damerau–Levenshtein (optimal string alignment) distance between two strings, by characters.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs), b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
