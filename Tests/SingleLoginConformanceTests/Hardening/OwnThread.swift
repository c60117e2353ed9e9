import SingleLoginAdapter
import SingleLoginTransport

/// Runs a test's body with a thread of its own as its executor.
///
/// A test that starts processes and must act on what they print before their deadlines (start the
/// adapter a listening harness waits for, signal a run mid-way) cannot wait for Swift's cooperative
/// pool: the CPU-bound tests running beside it keep the pool's threads busy, for minutes on a loaded
/// 2-core machine. The harness's own jobs run on such threads for the same reason (`SessionExecutor`).
func onOwnThread<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
    try await withTaskExecutorPreference(SessionExecutor(name: "sl-test")) { try await body() }
}

/// Starts `body` as an unstructured task with a thread of its own as its executor: a client a test
/// starts beside a run, which Swift's cooperative pool might not start for minutes (see
/// ``onOwnThread(_:)``).
func taskOnOwnThread<Success: Sendable>(_ name: String, _ body: @escaping @Sendable () async throws -> Success) -> Task<Success, any Error> {
    Task(executorPreference: SessionExecutor(name: name)) { try await body() }
}
