import SingleLoginEvents

/// How a run compares with an earlier one, test case by test case: what is newly failing, newly
/// passing, added and removed.
///
/// A value the console, the Markdown checklist (and any later report) render, and the gate of
/// `--fail-on regressions` reads. A removed test case is a regression (a case that disappears
/// verified nothing), and so is an added one that fails (renaming a failing case must not let it
/// through). A case that passed and is now not judged (a precondition failed) or not run (an
/// interrupted run did not reach it) is newly failing too: it verifies nothing any more, and an
/// interrupted run must not read as one without regressions. A case skipped on purpose (`--only`,
/// `--skip`) is compared only by presence: going from passing to skipped is not listed.
public struct BaselineComparison: Hashable, Sendable {
    /// One test case whose standing changed, with its verdict on each side (nil where it is absent).
    public struct Change: Hashable, Sendable {
        /// The test case.
        public var id: TestCaseID
        /// Its verdict in the baseline, nil when it was added.
        public var baseline: Verdict?
        /// Its verdict in the current run, nil when it was removed.
        public var current: Verdict?
        /// Its requirement's level, from whichever side knows it.
        public var level: String?

        /// Creates a change.
        public init(id: TestCaseID, baseline: Verdict?, current: Verdict?, level: String? = nil) {
            self.id = id
            self.baseline = baseline
            self.current = current
            self.level = level
        }
    }

    /// Failing now, and not failing in the baseline; or not judged or not run now, and passing in the baseline.
    public var newlyFailing: [Change] = []
    /// Passing now, and failing, not judged or not run in the baseline.
    public var newlyPassing: [Change] = []
    /// In the current run only.
    public var added: [Change] = []
    /// In the baseline only.
    public var removed: [Change] = []
    /// How many test cases both runs have.
    public var compared = 0

    /// Compares `current` with `baseline`; each list in the order of the side that has its cases.
    public init(baseline: CaseVerdicts, current: CaseVerdicts) {
        for entry in current.entries {
            guard let old = baseline[entry.id] else {
                added.append(Change(id: entry.id, baseline: nil, current: entry.verdict, level: entry.level))
                continue
            }
            compared += 1
            let change = Change(id: entry.id, baseline: old.verdict, current: entry.verdict, level: entry.level ?? old.level)
            if entry.verdict.isFailing && !old.verdict.isFailing || entry.verdict.isUnverified && old.verdict.isPassing {
                newlyFailing.append(change)
            } else if entry.verdict.isPassing, old.verdict.isFailing || old.verdict.isUnverified {
                newlyPassing.append(change)
            }
        }
        for entry in baseline.entries where current[entry.id] == nil {
            removed.append(Change(id: entry.id, baseline: entry.verdict, current: nil, level: entry.level))
        }
    }

    /// What makes this run worse than its baseline: newly failing, removed, and added cases that fail.
    public var regressions: [Change] {
        newlyFailing + removed + added.filter { $0.current?.isFailing == true }
    }

    /// Whether nothing changed but passes (no regression).
    public var hasRegressions: Bool { !regressions.isEmpty }
}
