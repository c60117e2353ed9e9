import Synchronization

/// Keeps what a command writes to each stream: for tests, and for hosts that run commands in process.
package final class CapturedOutput: Sendable {
    private let streams = Mutex((out: "", err: ""))

    /// Creates an empty capture.
    package init() {}

    /// What was written to standard output.
    package var standardOutput: String { streams.withLock { $0.out } }
    /// What was written to standard error.
    package var standardError: String { streams.withLock { $0.err } }

    /// The output to hand a tool or command.
    package var output: TextOutput {
        TextOutput(write: { text in self.streams.withLock { $0.out += text } }, writeError: { text in self.streams.withLock { $0.err += text } })
    }
}
