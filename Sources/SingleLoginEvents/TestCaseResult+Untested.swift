extension TestCaseResult.Outcome {
    /// Why the adapter could not play the case (the capability it did not declare); nil for any
    /// other outcome, a skip by choice included.
    public var untestedReason: String? {
        if case let .untested(reason) = self { reason } else { nil }
    }
}
