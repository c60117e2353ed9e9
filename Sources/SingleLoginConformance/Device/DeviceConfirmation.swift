/// The tester's word on one step of a device pass: done (with the trace lines the step spans) or
/// skipped with a reason. The pass's state file is these, in the order they were given.
public struct DeviceConfirmation: Codable, Sendable, Hashable {
    /// The procedure's number (from 1).
    public var procedure: Int
    /// The step: 0 is the preparation, 1 the scenario's first step.
    public var step: Int
    /// Which attempt (from 1): a retried step's last attempt counts.
    public var attempt: Int
    /// The tester, as they named themselves.
    public var tester: String
    /// When they confirmed (the harness's clock, ISO 8601 UTC).
    public var time: String
    /// The sequence of the last trace line before the instruction was shown: the step's lines come after it.
    public var startSequence: Int
    /// The sequence of the checkpoint taken when the tester confirmed; nil when the step was skipped.
    public var checkpointSequence: Int?
    /// Why the tester skipped the step; nil when it was done.
    public var skipReason: String?
    /// The tester's answer, for each user the step asked about, to "does the app show this
    /// user's own data?" (nil when it asked nothing): the evidence `hasDataOf` is judged by on a device.
    public var dataShown: [String: Bool]?

    /// Creates a confirmation.
    public init(
        procedure: Int, step: Int, attempt: Int = 1, tester: String, time: String, startSequence: Int, checkpointSequence: Int?, skipReason: String? = nil,
        dataShown: [String: Bool]? = nil
    ) {
        self.dataShown = dataShown
        self.procedure = procedure
        self.step = step
        self.attempt = attempt
        self.tester = tester
        self.time = time
        self.startSequence = startSequence
        self.checkpointSequence = checkpointSequence
        self.skipReason = skipReason
    }

    /// The label of the checkpoint taken for `step` of `procedure`: `p3.s2`.
    public static func label(procedure: Int, step: Int) -> String { "p\(procedure).s\(step)" }
}
