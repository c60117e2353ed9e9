/// How a device pass's verdict on a requirement compares with a simulated run's: the one rule
/// `device-pass --agreement` and `compare --html` both use.
public enum DevicePassComparison: String, Sendable, Hashable {
    /// The same verdict (passed and passed, failed and failed, ...).
    case agree
    /// The device pass could not judge what the run judged, and says so.
    case notJudgedOnDevice = "not judged on device"
    /// Different judgements: a device pass that passes what the run fails, or the reverse.
    case disagree

    /// Compares one requirement's test cases: the simulated run's and the device pass's verdicts
    /// over the test cases the pass judged (not those it skipped, did not run, or found not to
    /// apply), under `gate`. None judged, or judged but blocked by another requirement where the run
    /// was not, is not judged on the device.
    public init(simulated: some Sequence<TestCaseResult>, device: some Sequence<TestCaseResult>, gate: Gate) {
        let judged = Set(device.filter { Self.judged(Verdict(of: $0, gate: gate)) }.map(\.id))
        guard !judged.isEmpty else {
            self = .notJudgedOnDevice
            return
        }
        let simulatedVerdict = Verdict(aggregating: simulated.filter { judged.contains($0.id) }, gate: gate)
        let deviceVerdict = Verdict(aggregating: device.filter { judged.contains($0.id) }, gate: gate)
        if simulatedVerdict.name == deviceVerdict.name {
            self = .agree
        } else if case .notJudged = deviceVerdict {
            self = .notJudgedOnDevice
        } else {
            self = .disagree
        }
    }

    /// Whether a device verdict on a test case is a judgement: not skipped (a waived failure weighs
    /// as one), not run, and not "does not apply".
    private static func judged(_ verdict: Verdict) -> Bool {
        switch verdict {
        case .skipped, .untested, .waived, .notRun, .doesNotApply: false
        default: true
        }
    }
}
