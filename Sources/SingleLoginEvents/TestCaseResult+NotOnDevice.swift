extension TestCaseResult.Outcome {
    /// A test case a device pass does not judge (a scenario no person can produce, a check a trace
    /// judges in part only, a step the tester skipped): skipped, with the reason every report
    /// shows, `not judged on a device: REASON`.
    public static func notJudgedOnDevice(_ reason: String) -> Self { .skipped(reason: notJudgedOnDevicePrefix + reason) }

    /// Why a device pass did not judge the case: the reason after ``notJudgedOnDevicePrefix``; nil
    /// for any other outcome.
    public var notJudgedOnDeviceReason: String? {
        guard case .skipped(let reason) = self, reason.hasPrefix(Self.notJudgedOnDevicePrefix) else { return nil }
        return String(reason.dropFirst(Self.notJudgedOnDevicePrefix.count))
    }

    /// What the reason of a case a device pass does not judge starts with.
    public static let notJudgedOnDevicePrefix = "not judged on a device: "
}
