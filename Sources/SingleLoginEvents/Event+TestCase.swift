extension Event {
    /// The test case this event belongs to; nil for the run's, a requirement's and the adapter's events.
    public var testCaseID: TestCaseID? {
        switch kind {
        case let .testCaseStarted(id), let .stepPerformed(id, _, _), let .brokerCalled(id, _), let .observed(id, _, _, _), let .issueRecorded(id, _): id
        case let .testCaseEnded(result): result.id
        case .runStarted, .adapterIdentified, .adapterUnavailable, .requirementStarted, .requirementEnded, .runEnded: nil
        }
    }
}
