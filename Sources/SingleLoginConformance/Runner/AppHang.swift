import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

/// The app did not settle: a timeout while the adapter handled an `event` (a lifecycle event, a
/// tap, a broadcast). On a device iOS's watchdog ends such an app, so it is the app's failure
/// (`app.hung`), never an adapter error; the harness restarts the adapter as after any timeout.
/// Timeouts of `initialize`, `reset` and `observe` stay adapter errors.
struct AppHang: Error {
    /// The event the app was handling.
    var event: AppEvent
    /// The step it belongs to (0-based).
    var step: Int
    /// The step, described.
    var description: String
    /// Whether the event was a broadcast the step caused.
    var duringBroadcast: Bool
    /// How long the harness waited for the event's answer.
    var waited: Duration
    /// How long ago the broker last answered one of the app's calls, if it ever did.
    var sinceLastAnswer: Duration?
    /// The calls the app made while it handled the event.
    var calls: [BrokerCallRecord]
    /// What the transport said.
    var transport: String
    /// Where the step is written.
    var location: SourceLocation?
    /// Whether an answer of the app's was held (not yet released) when the harness gave up.
    var answerHeld = false

    /// `step 2 'tapSignIn'`, or `the broadcast after step 2 'tapSignIn'`.
    var when: String { (duringBroadcast ? "the broadcast after step \(step + 1)" : "step \(step + 1)") + " '\(description)'" }

    /// One sentence: what the app did last before it stopped answering; while an answer is held, with
    /// the adapter mistake that looks the same (a `handle` that awaits work an earlier event began,
    /// which waits for the held answer).
    var message: String {
        let hang =
            answerHeld
            ? "a hang, which iOS's watchdog ends (an answer is held until a later step: an adapter whose handle awaits work an earlier event began waits for that release too; await only the work this event began)"
            : "a hang, which iOS's watchdog ends"
        guard let last = calls.last else {
            return "the app did not settle within \(waited.shortText) of '\(event.rawValue)' in \(when), and made no call meanwhile: \(hang)"
        }
        let call = "'\(last.method.wireName)'"
        if let since = sinceLastAnswer, since * 2 >= waited {
            return "the app did not settle within \(since.shortText) after its call \(call) was answered (in \(when)): \(hang)"
        }
        return
            "the app did not settle within \(waited.shortText) of '\(event.rawValue)' in \(when): it kept calling (\(calls.count) call\(calls.count == 1 ? "" : "s"), the last \(call)), \(hang)"
    }

    /// The transport's words (the calls are in the transcript).
    var evidence: String { transport }
}
