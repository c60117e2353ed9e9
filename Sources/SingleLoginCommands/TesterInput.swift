import Foundation

/// The tester's lines during a device pass, read on a thread of their own as they are typed, so
/// that a step's wait for the app can end on the tester's word: `q` (stop) or `s REASON` (skip).
/// Any other line typed ahead (Enter, `r`) stays queued as the answer to the step's prompt, and
/// the wait goes on: a step is not confirmed before its evidence has come or the wait has run out.
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

    /// Whether the tester's next line ends a wait: it stops or skips the step, or no line can come any more.
    var interruptsWait: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let first = lines.first else { return ended }
        return Self.stopsOrSkips(first)
    }

    /// The next line, waiting for it; nil at the input's end.
    func next() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !ended { condition.wait() }
        return lines.isEmpty ? nil : lines.removeFirst()
    }

    /// `q` or `s REASON`, after leading spaces.
    static func stopsOrSkips(_ line: String) -> Bool {
        let first = line.trimmingCharacters(in: .whitespaces).first
        return first == "q" || first == "s"
    }
}
