import SingleLoginEvents

extension Issue {
    /// Where the reports say an issue was found when it names no step: `reset` for files the app's
    /// data container still held before the first step, `final checks` for a check the scenario
    /// makes at its end, `attempts` for a flaky verdict (which is about the attempts, not about any
    /// check), `error` for an error.
    var placeWithoutStep: String {
        if kind == .flaky { return "attempts" }
        if isFromReset { return "reset" }
        return severity == .failure ? "final checks" : "error"
    }

    /// Whether a scenario's final checks found it: a failure at no step that is no flaky verdict
    /// and was not found at the reset.
    var isFromFinalChecks: Bool {
        stepIndex == nil && severity == .failure && kind != .flaky && !isFromReset
    }
}
