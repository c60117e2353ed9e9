import SingleLoginEvents

extension BaselineComparison {
    /// The four lists as `diff` and the end of a `run --baseline` print them: a heading line with
    /// the counts, then each non-empty list with one case a line (`  SL-LOGOUT-1 / ...  (PASS -> FAIL)`).
    public func consoleText(baselineName: String) -> String {
        var out = "Compared with \(PlainText.clean(baselineName)): \(compared) test case\(compared == 1 ? "" : "s") in both; "
        out += "\(newlyFailing.count) newly failing, \(newlyPassing.count) newly passing, \(added.count) added, \(removed.count) removed"
        let regressions = regressions.count
        out += regressions == 0 ? "; no regressions\n" : "; \(regressions) regression\(regressions == 1 ? "" : "s")\n"
        for (title, changes) in sections where !changes.isEmpty {
            out += "  \(title):\n"
            for change in changes { out += "    \(PlainText.clean(change.id.description))  (\(Self.word(change.baseline)) -> \(Self.word(change.current)))\n" }
        }
        return out
    }

    /// A `## Compared with the baseline` section for `summary.md`: the counts, then a table per non-empty list.
    public func markdown(baselineName: String) -> String {
        var out = "\n## Compared with the baseline\n\n"
        out += "Baseline: `\(MarkdownChecklistRecorder.code(baselineName))`. \(compared) test cases in both: "
        out += "\(newlyFailing.count) newly failing, \(newlyPassing.count) newly passing, \(added.count) added, \(removed.count) removed "
        out += "(\(regressions.count) regression\(regressions.count == 1 ? "" : "s")).\n"
        for (title, changes) in sections where !changes.isEmpty {
            out += "\n### \(title.prefix(1).uppercased() + title.dropFirst())\n\n| Test case | Level | Baseline | Now |\n|---|---|---|---|\n"
            for change in changes {
                out +=
                    "| \(MarkdownChecklistRecorder.cell(change.id.description)) | \(change.level.map(MarkdownChecklistRecorder.cell) ?? "–") | \(Self.mark(change.baseline)) | \(Self.mark(change.current)) |\n"
            }
        }
        return out
    }

    /// The lists in the order people read them, regressions first.
    private var sections: [(String, [Change])] {
        [("newly failing", newlyFailing), ("removed (a regression: the case no longer runs)", removed), ("added", added), ("newly passing", newlyPassing)]
    }

    private static func word(_ verdict: Verdict?) -> String {
        verdict?.consoleWord ?? "absent"
    }

    private static func mark(_ verdict: Verdict?) -> String {
        verdict.map(MarkdownChecklistRecorder.mark) ?? "absent"
    }
}
