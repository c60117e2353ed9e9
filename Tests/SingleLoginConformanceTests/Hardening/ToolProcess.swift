import Foundation
import Synchronization
import SingleLoginTestSupport

/// A built executable of this package run as a child process, its stdout and stderr written to
/// files, its end awaited without blocking a thread (Foundation's termination handler reports it).
final class ToolProcess: Sendable {
    private let process: Process
    private let directory: TemporaryDirectory
    private let exited = ExitState()

    /// The exit status once known, and who waits for it.
    private final class ExitState: Sendable {
        let state = Mutex<(status: Int32?, waiter: CheckedContinuation<Int32, Never>?)>((nil, nil))
        func withLock<T: Sendable>(_ body: (inout sending (status: Int32?, waiter: CheckedContinuation<Int32, Never>?)) -> sending T) -> sending T {
            state.withLock(body)
        }
    }

    /// Starts `executable` with `arguments`, in `environment` (this process's when nil).
    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        directory = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: directory.path("stdout"), contents: nil)
        _ = FileManager.default.createFile(atPath: directory.path("stderr"), contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = try FileHandle(forWritingTo: directory.url.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: directory.url.appendingPathComponent("stderr"))
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [exited] process in
            let waiter = exited.withLock { state in
                state.status = process.terminationStatus
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: process.terminationStatus)
        }
        self.process = process
        try process.run()
    }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// What it wrote to stdout so far.
    var stdout: String { (try? String(contentsOfFile: directory.path("stdout"), encoding: .utf8)) ?? "" }

    /// What it wrote to stderr so far.
    var stderr: String { (try? String(contentsOfFile: directory.path("stderr"), encoding: .utf8)) ?? "" }

    /// Whether it has exited.
    var hasExited: Bool { exited.withLock { $0.status != nil } }

    /// Waits until stderr contains `text` (true), or the process exits or `timeout` passes (false).
    /// The timeout is generous: this waits for an event, it does not time one.
    ///
    /// The text is looked for once more after the deadline: a task that was not scheduled for a
    /// while (a loaded machine) must not read a late wake-up as "never written".
    func waitForStderr(containing text: String, timeout: Duration = .seconds(300)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if stderr.contains(text) { return true }
            if hasExited { return stderr.contains(text) }
            try await Task.sleep(for: .milliseconds(10))
        }
        return stderr.contains(text)
    }

    /// The exit status, once it has exited.
    func exitStatus() async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let known: Int32? = exited.withLock { state in
                if let status = state.status { return status }
                state.waiter = continuation
                return nil
            }
            if let known { continuation.resume(returning: known) }
        }
    }
}
