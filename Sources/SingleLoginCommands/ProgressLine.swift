import Foundation
import Synchronization
import SingleLoginExplore
import CommandLineKit

/// The transient progress line of `explore` on a terminal: rewritten in place a few times a
/// second, cleared before anything else prints. Nothing at all when standard output is not a terminal.
final class ProgressLine: Sendable {
    private let output: TextOutput
    private let enabled: Bool
    private let state = Mutex<(last: ContinuousClock.Instant?, shown: Bool)>((nil, false))

    init(output: TextOutput, enabled: Bool) {
        self.output = output
        self.enabled = enabled
    }

    /// Shows `progress`, at most every quarter of a second.
    func update(_ progress: ExploreProgress) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            if let last = state.last, now - last < .milliseconds(250) { return false }
            state.last = now
            state.shown = true
            return true
        }
        guard due else { return }
        let rate = Int(progress.historiesPerSecond.rounded())
        output.write("\r\u{1B}[2K  explore: \(progress.runs) runs, \(rate) histories/s, \(progress.rules) rules, \(progress.judgements) judgements")
    }

    /// Removes the line, if it was shown.
    func clear() {
        guard enabled, state.withLock({ $0.shown }) else { return }
        output.write("\r\u{1B}[2K")
    }
}
