import SingleLoginEvents

/// Judges a test case step by step with checks of its own, besides those its scenario writes:
/// how `sl-conformance explore`'s oracle watches a generated history.
///
/// The execution calls ``judge(_:)`` after every step has settled and the broadcasts it caused
/// were delivered, and ``judgeEnd(_:)`` after the last step; neither is called after the app
/// crashed (the execution records that itself). The issues returned are recorded with the test
/// case's own, so they decide its outcome.
public protocol StepJudge: Sendable {
    /// The issues found after one step (``JudgedStep/index`` is its index).
    func judge(_ step: JudgedStep) async -> [Issue]
    /// The issues found over the whole test case, after its last step (``JudgedStep/index`` is nil).
    func judgeEnd(_ end: JudgedStep) async -> [Issue]
}
