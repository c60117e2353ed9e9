import Foundation
import Synchronization

/// The tail of what an adapter wrote to stderr, capped so that a flood costs bounded memory.
public final class StderrBuffer: Sendable {
    /// The most bytes kept; older bytes are dropped first.
    public static let capacity = 64 << 10
    private let state = Mutex<(bytes: [UInt8], dropped: Int, mark: Int)>(([], 0, 0))

    /// Creates an empty buffer.
    public init() {}

    /// Adds a chunk, dropping the oldest bytes beyond the capacity.
    public func append(_ chunk: UnsafeRawBufferPointer) {
        state.withLock { state in
            state.bytes.append(contentsOf: chunk)
            let excess = state.bytes.count - Self.capacity
            if excess > 0 {
                state.bytes.removeFirst(excess)
                state.dropped += excess
                state.mark = max(0, state.mark - excess)
            }
        }
    }

    /// What was written since the previous call (at most the capacity), as text for reports.
    public func takeNew() -> String {
        state.withLock { state in
            let new = Array(state.bytes[state.mark...])
            state.mark = state.bytes.count
            return String(decoding: new, as: UTF8.self)
        }
    }

    /// The last `lines` lines kept, for error messages.
    public func tail(lines: Int = 20) -> String {
        state.withLock { state in
            let text = String(decoding: state.bytes, as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
        }
    }
}
