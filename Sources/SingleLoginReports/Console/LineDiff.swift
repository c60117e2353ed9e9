/// A short line diff of expected against observed, in the manner of swift-custom-dump.
///
/// Removed (expected) lines start with `- `, added (observed) lines with `+ `, unchanged ones
/// with two spaces; runs of unchanged lines longer than `context` on each side of a change
/// collapse into one `… (N unchanged lines)` line.
public enum LineDiff {
    /// One line of a diff.
    public enum Line: Hashable, Sendable {
        /// In both.
        case same(String)
        /// Expected only.
        case removed(String)
        /// Observed only.
        case added(String)
        /// A run of unchanged lines left out.
        case collapsed(Int)

        /// The line as plain text.
        public var text: String {
            switch self {
            case let .same(line): "  \(line)"
            case let .removed(line): "- \(line)"
            case let .added(line): "+ \(line)"
            case let .collapsed(count): "  … (\(count) unchanged line\(count == 1 ? "" : "s"))"
            }
        }
    }

    /// The diff of `expected` against `observed`, line by line, unchanged runs collapsed.
    public static func lines(expected: String, observed: String, context: Int = 1) -> [Line] {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = observed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case let .remove(offset, _, _): removed.insert(offset)
            case let .insert(offset, _, _): inserted.insert(offset)
            }
        }
        var full: [Line] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, removed.contains(oldIndex) {
                full.append(.removed(old[oldIndex]))
                oldIndex += 1
            } else if newIndex < new.count, inserted.contains(newIndex) {
                full.append(.added(new[newIndex]))
                newIndex += 1
            } else {
                if oldIndex < old.count { full.append(.same(old[oldIndex])) }
                oldIndex += 1
                newIndex += 1
            }
        }
        return collapse(full, context: context)
    }

    private static func collapse(_ lines: [Line], context: Int) -> [Line] {
        let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        var keep = Set<Int>()
        for index in changed {
            for near in max(0, index - context)...min(lines.count - 1, index + context) { keep.insert(near) }
        }
        var result: [Line] = []
        var skipped = 0
        for (index, line) in lines.enumerated() {
            if keep.contains(index) {
                if skipped > 0 { result.append(.collapsed(skipped)) }
                skipped = 0
                result.append(line)
            } else {
                skipped += 1
            }
        }
        if skipped > 0 { result.append(.collapsed(skipped)) }
        return result
    }
}
