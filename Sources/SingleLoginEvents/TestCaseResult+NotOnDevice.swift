extension TestCaseResult.Outcome {
    /// Why a device pass did not judge the case; nil for any other outcome.
    public var notJudgedOnDeviceReason: String? {
        if case let .notJudgedOnDevice(reason) = self { reason } else { nil }
    }

    /// What every report writes before the reason of a case a device pass does not judge, where
    /// it shows the case as a skip (the console, JUnit's `<skipped>`, the event stream's reason),
    /// and what the event stream's reader decodes it by.
    public static let notJudgedOnDevicePrefix = "not judged on a device: "
}
