import SingleLoginAdapter
import SingleLoginSpec

/// What the device model knows while it writes or checks a history: where the app is in its
/// lifecycle and who the device events have signed in. (Who an interactive sign-in signs in is
/// the broker's business: the oracle asks the broker, never this prediction.)
struct ModelState: Hashable, Sendable {
    /// Where the app is in its lifecycle.
    var phase = AppLifecycle.notRunning
    /// Who the device events (given, Jamf Setup and Reset, user changes) leave signed in on the device.
    var device: [String]

    init(given: Given) {
        device = given.signedIn
    }

    /// Whether a real shared device can produce `action` now: lifecycle events only in the phases
    /// that allow them, user taps only in the foreground, Jamf Setup only with nobody signed in,
    /// a user change only to someone else, Jamf Reset and a refresh token that needs the user only
    /// with someone signed in.
    func allows(_ action: Step.Action) -> Bool {
        switch action {
        case .app(.launch): return phase == .notRunning
        case .app(.suspend): return phase == .foreground
        case .app(.resume): return phase == .suspended
        case .app(.terminate): return phase != .notRunning
        case .app(.accountChangedBroadcast): return false
        case .app: return phase == .foreground
        case .globalSignIn: return device.isEmpty
        case .globalSignOut: return !device.isEmpty
        case .switchUser(let account): return !device.isEmpty && device != [account]
        case .broadcast, .answerNext, .advanceClock: return true
        case .requireInteraction: return !device.isEmpty
        }
    }

    /// The state after `action` (which ``allows(_:)``).
    mutating func apply(_ action: Step.Action) {
        switch action {
        case .app(let event): phase = phase.after(event)
        case .globalSignIn(let account), .switchUser(let account): device = [account]
        case .globalSignOut: device = []
        default: break
        }
    }

    /// Whether every step of `scenario` is one the device allows at its point in the history.
    static func allows(_ scenario: Scenario) -> Bool {
        var state = ModelState(given: scenario.given)
        for step in scenario.steps {
            guard state.allows(step.action) else { return false }
            state.apply(step.action)
        }
        return true
    }
}
