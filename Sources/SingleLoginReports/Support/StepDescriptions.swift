import SingleLoginEvents

/// The steps each test case performed, in words, as its events tell them: `switchUser bob`, and,
/// when the app was given account-change broadcasts after the step, `switchUser bob, then the
/// account-change broadcast`. So a transcript shows a broadcast the app ignored as one:
/// `step 3 switchUser bob, then the account-change broadcast (no calls)`.
public struct StepDescriptions: Sendable {
    /// Each test case's step descriptions, by 0-based step index.
    public var byTestCase: [TestCaseID: [Int: String]] = [:]
    /// The step each test case performed last, which its next `observed` event follows.
    private var lastStep: [TestCaseID: Int] = [:]

    /// No steps yet.
    public init() {}

    /// Takes one event: a step's description from `stepPerformed`, the broadcasts delivered after it
    /// from the `observed` that follows; a test case's end forgets which step it was at.
    public mutating func take(_ event: Event) {
        switch event.kind {
        case let .stepPerformed(id, index, description):
            byTestCase[id, default: [:]][index] = description
            lastStep[id] = index
        case let .observed(id, _, _, delivered?) where delivered > 0:
            guard let index = lastStep[id], let description = byTestCase[id]?[index] else { return }
            byTestCase[id]?[index] = description + Self.suffix(broadcasts: delivered)
        case let .testCaseEnded(result):
            lastStep[result.id] = nil
        default:
            break
        }
    }

    /// `, then the account-change broadcast`, or `, then 2 account-change broadcasts`.
    static func suffix(broadcasts: Int) -> String {
        broadcasts == 1 ? ", then the account-change broadcast" : ", then \(broadcasts) account-change broadcasts"
    }
}
