import Foundation
import SingleLoginAdapter

/// The tail of what an adapter wrote to stderr, capped so that a flood costs bounded memory.
public final class StderrBuffer: Sendable {
    /// The most bytes kept; older bytes are dropped first.
    public static let capacity = 64 << 10
    /// The most bytes ``tail(lines:)`` returns, so that one runaway line cannot swamp a report.
    public static let tailCapacity = 4 << 10
    private struct State {
        var bytes: [UInt8] = []
        var dropped = 0
        var mark = 0
    }
    private let state = Locked(State())

    /// Creates an empty buffer.
    public init() {}

    /// Adds a chunk, dropping the oldest bytes beyond the capacity.
    public func append(_ chunk: UnsafeRawBufferPointer) {
        state.withLock { state in
            if chunk.count >= Self.capacity {
                // A flood: keep only the newest bytes, without shuffling the old ones first.
                state.dropped += state.bytes.count + chunk.count - Self.capacity
                state.bytes = Array(chunk.suffix(Self.capacity))
                state.mark = 0
                return
            }
            state.bytes.append(contentsOf: chunk)
            let excess = state.bytes.count - Self.capacity
            if excess > 0 {
                state.bytes.removeFirst(excess)
                state.dropped += excess
                state.mark = max(0, state.mark - excess)
            }
        }
    }

    /// How many bytes the adapter has written to stderr in all, kept or dropped.
    public var totalBytes: Int { state.withLock { $0.dropped + $0.bytes.count } }

    /// What was written since the previous call (at most the capacity), as text for reports.
    public func takeNew() -> String {
        state.withLock { state in
            let new = Array(state.bytes[state.mark...])
            state.mark = state.bytes.count
            return String(decoding: new, as: UTF8.self)
        }
    }

    /// The last `lines` lines of `text` (at most ``tailCapacity`` bytes), `[...]` first when some were cut:
    /// how a test case's own stderr is shown as evidence.
    public static func tail(of text: String, lines: Int = 20) -> String {
        let bytes = Array(text.utf8)
        var kept = String(decoding: bytes.suffix(tailCapacity), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if kept.last == "" { kept.removeLast() }
        let cut = bytes.count > tailCapacity || kept.count > lines
        return (cut ? "[...]\n" : "") + kept.suffix(lines).joined(separator: "\n")
    }

    /// The last `lines` lines kept (at most ``tailCapacity`` bytes), for error messages.
    public func tail(lines: Int = 20) -> String {
        state.withLock { state in
            let text = String(decoding: state.bytes.suffix(Self.tailCapacity), as: UTF8.self)
            var kept = text.split(separator: "\n", omittingEmptySubsequences: false)
            if kept.last == "" { kept.removeLast() }
            let cut = state.dropped > 0 || state.bytes.count > Self.tailCapacity || kept.count > lines
            return (cut ? "[...]\n" : "") + kept.suffix(lines).joined(separator: "\n")
        }
    }
}
