import CommandLineKit
import Synchronization

/// What a command printed on both streams.
final class CapturedText: Sendable {
    private let state = Mutex("")
    /// Everything written so far.
    var text: String { state.withLock { $0 } }
    /// An output that appends here.
    var output: TextOutput {
        TextOutput(write: { text in self.state.withLock { $0 += text } }, writeError: { text in self.state.withLock { $0 += text } })
    }
}
