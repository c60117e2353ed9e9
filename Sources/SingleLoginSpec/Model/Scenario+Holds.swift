extension Scenario {
    /// Whether the scenario holds an answer (`holdNext`): only an adapter that declared
    /// `concurrentCalls` (protocol 1.6) can play it.
    public var holdsAnswers: Bool { steps.contains { if case .holdNext = $0.action { true } else { false } } }
}
