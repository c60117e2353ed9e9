import Synchronization
import SingleLoginEvents

/// The failing test cases of a run, collected from its events.
final class FailingCases: Sendable {
    private let storage = Mutex<[TestCaseID]>([])

    /// Adds one.
    func add(_ id: TestCaseID) { storage.withLock { $0.append(id) } }

    /// Every one added, in order.
    var ids: [TestCaseID] { storage.withLock { $0 } }
}
