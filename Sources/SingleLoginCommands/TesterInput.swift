import Foundation

/// The tester's lines during a device pass, read on a thread of their own as they are typed, so
/// that a step's wait for the app can end on the tester's word: `q` (stop) or `s REASON` (skip).
/// Any other line typed before the step's prompt (Enter, `r`) is dropped when the prompt is shown:
/// a step is confirmed only by an answer to its prompt.
final class TesterInput: @unchecked Sendable {  // every mutable member is guarded by `condition`
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false
    private var onLine: @Sendable () -> Void = {}

    /// Starts reading with `read` (blocking: `readLine`), which returns nil at the input's end.
    init(read: @escaping @Sendable () -> String?) {
        let thread = Thread { [self] in
            while true {
                let line = read()
                condition.lock()
                if let line { lines.append(line) } else { ended = true }
                let notify = onLine
                condition.broadcast()
                condition.unlock()
                notify()
                if line == nil { return }
            }
        }
        thread.name = "sl-conformance tester input"
        thread.start()
    }

    /// Calls `wake` after every line (and at the input's end): a wait elsewhere then looks at `interruptsWait`.
    func notify(_ wake: @escaping @Sendable () -> Void) {
        condition.lock()
        onLine = wake
        condition.unlock()
    }

    /// Whether a line typed so far ends a wait: it stops or skips the step, or no line can come any more.
    var interruptsWait: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended || lines.contains(where: Self.stopsOrSkips)
    }

    /// Drops what was typed before a prompt, but from the first `q` or `s REASON` on, which still
    /// act: an Enter typed while the app was still launching must not confirm a step the tester
    /// has not seen settle. Returns whether anything was dropped.
    func dropTypedAhead() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let kept = lines.firstIndex(where: Self.stopsOrSkips) ?? lines.endIndex
        lines.removeFirst(kept)
        return kept > 0
    }

    /// The next line, waiting for it; nil at the input's end.
    func next() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !ended { condition.wait() }
        return lines.isEmpty ? nil : lines.removeFirst()
    }

    /// `q` or `s REASON`.
    static func stopsOrSkips(_ line: String) -> Bool { TesterAnswer(line)?.actsAtOnce == true }
}
