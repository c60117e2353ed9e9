extension Blocker {
    /// What a run says of the requirement that blocked a case, when that says where to look: it
    /// passed every case of its own (the precondition failed in a state none of them reaches), or
    /// none of its cases was played here (a selection left it out).
    public enum OwnerStanding: Sendable, Hashable {
        /// Every case of the owner passed.
        case passed
        /// No case of the owner was played in this run.
        case notRun
    }

    /// The words the reports add for `standing`, beside the case this blocker blocked.
    public func note(_ standing: OwnerStanding) -> String {
        switch standing {
        case .passed:
            "\(requirementID) passed its own test cases, none of which reaches this state: this case's evidence shows what failed"
        case .notRun:
            "\(requirementID) did not run here: run it too, to see whether it fails for the same defect"
        }
    }
}

extension Sequence<TestCaseResult> {
    /// How each requirement that blocked a case here stands in these results of a run in
    /// `context`, where that says where to look (``Blocker/note(_:)``): absent when some case of it
    /// failed, errored or was not judged (it has something to fix). A case skipped by a selection
    /// is no pass, so a requirement with a passed and a skipped case stands nowhere; a shard's
    /// results hold only some of a requirement's cases, so a shard's standings are empty.
    public func blockingOwnerStandings(in context: RunContext) -> [String: Blocker.OwnerStanding] {
        guard context.shard == nil else { return [:] }
        let results = Array(self)
        var standings: [String: Blocker.OwnerStanding] = [:]
        for case let .notJudged(blocker) in results.map(\.outcome) where standings[blocker.requirementID] == nil {
            let own = results.filter { $0.requirement.id == blocker.requirementID }
            if !own.isEmpty, own.allSatisfy({ $0.outcome == .passed }) {
                standings[blocker.requirementID] = .passed
            } else if own.allSatisfy({ !$0.outcome.wasPlayed }) {
                standings[blocker.requirementID] = .notRun
            }
        }
        return standings
    }
}

extension TestCaseResult.Outcome {
    /// Whether a test case that ended so was played: it made calls and its checks were judged.
    public var wasPlayed: Bool {
        switch self {
        case .passed, .failed, .notJudged, .errored, .waived: true
        case .skipped, .untested, .notRun, .doesNotApply, .notJudgedOnDevice: false
        }
    }
}
