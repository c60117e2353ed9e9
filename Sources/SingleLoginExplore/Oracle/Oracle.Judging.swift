extension Oracle {
    /// Which rules judge a step. While an answer is held, what the app shows may be waiting for it,
    /// so the rules that ask something of the screen or of the calls to come say nothing; at the
    /// release, the rules that say what a late answer must not do judge what it did.
    enum Judging {
        /// No answer is held: every rule.
        case all
        /// An answer is held, or a hold waits for the app's call: the rules no waiting app can break.
        case holding
        /// The step that released the held answer: those, and the rules on what a late answer must
        /// not bring back (an ended session's data, its token sent to the backend, its user signed in).
        case release

        /// Whether `rule` judges the step.
        func judges(_ rule: Rule) -> Bool {
            switch (self, rule) {
            case (.all, _): true
            case (_, .crash), (_, .affordance), (_, .broker), (_, .deviceInformation): true
            case (.release, .data), (.release, .backend), (.release, .late): true
            default: false
            }
        }
    }
}
