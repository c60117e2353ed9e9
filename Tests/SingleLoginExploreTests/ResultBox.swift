import Synchronization
import SingleLoginEvents

/// Test case results collected from events of any task.
final class ResultBox: Sendable {
    private let storage = Mutex<[TestCaseResult]>([])
    func append(_ result: TestCaseResult) { storage.withLock { $0.append(result) } }
    var values: [TestCaseResult] { storage.withLock { $0 } }
}
