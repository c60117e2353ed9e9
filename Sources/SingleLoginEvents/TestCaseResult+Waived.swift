extension TestCaseResult.Outcome {
    /// How a waived failure's skip reason begins (`waived: REASON (LINK; expires DATE)`): the
    /// waivers write it and `verify` reads it, so that a waived case is re-judged as the failure it is.
    public static let waivedPrefix = "waived: "

    /// Whether this is a failure a waiver turned into a skip.
    public var isWaived: Bool {
        if case let .skipped(reason) = self { return reason.hasPrefix(Self.waivedPrefix) }
        return false
    }
}
