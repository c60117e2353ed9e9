import SingleLoginAdapter
import SingleLoginSpec

/// What the device model knows while it writes or checks a history: where the app is in its
/// lifecycle and who is signed in on the device. (Who an interactive sign-in really signs in is
/// the broker's business: the oracle asks the broker, never this prediction, which only keeps the
/// histories to what a device allows, a Jamf Reset after the app's own sign-in rather than a
/// Jamf Setup, say.)
struct ModelState: Hashable, Sendable {
    /// Where the app is in its lifecycle.
    var phase = AppLifecycle.notRunning
    /// Who is signed in on the device: by the device events (given, Jamf Setup and Reset, user
    /// changes), or by the app's own sign-in as predicted.
    var device: [String]
    /// Who holds the device and completes a sign-in sheet: the given's, then whoever a device event signs in.
    var holder: String?
    /// The scripted answers for the sheet (`answerNext acquireToken`) no sign-in tap has taken yet.
    var sheetAnswers: [BrokerAnswer] = []
    /// Whether a `holdNext` waits for its `release`: one held answer at a time.
    var holding = false

    init(given: Given) {
        device = given.signedIn
        holder = given.userAtDevice ?? given.signedIn.first
    }

    /// Whether a real shared device can produce `action` now: lifecycle events only in the phases
    /// that allow them, user taps only in the foreground, Jamf Setup only with nobody signed in,
    /// a user change only to someone else, Jamf Reset and a refresh token that needs the user only
    /// with someone signed in; one held answer at a time, released before the app is terminated
    /// (a terminated app's call is answered to nobody).
    func allows(_ action: Step.Action) -> Bool {
        switch action {
        case .app(.launch): return phase == .notRunning
        case .app(.suspend): return phase == .foreground
        case .app(.resume): return phase == .suspended
        case .app(.terminate): return phase != .notRunning && !holding
        case .app(.accountChangedBroadcast): return false
        case .app: return phase == .foreground
        case .globalSignIn: return device.isEmpty
        case .globalSignOut: return !device.isEmpty
        case .switchUser(let account): return !device.isEmpty && device != [account]
        case .broadcast, .answerNext, .advanceClock: return true
        case .requireInteraction: return !device.isEmpty
        // Only an adapter that declared concurrentCalls is given histories that hold (DeviceModel.holdsAnswers).
        case .holdNext: return !holding
        case .release: return holding
        }
    }

    /// The state after `action` (which ``allows(_:)``).
    mutating func apply(_ action: Step.Action) {
        switch action {
        case .app(.tapSignIn):
            phase = phase.after(.tapSignIn)
            let answer = sheetAnswers.isEmpty ? nil : sheetAnswers.removeFirst()
            if device.isEmpty, let signedIn = signsIn(answer) { (device, holder) = ([signedIn], signedIn) }
        case .app(let event): phase = phase.after(event)
        case .globalSignIn, .switchUser, .globalSignOut:
            device = action.deviceAccountsAfter ?? device
            holder = device.first
        case .answerNext(.acquireToken, let answer): sheetAnswers.append(answer)
        case .holdNext: holding = true
        case .release: holding = false
        default: break
        }
    }

    /// Who a sheet answered with `answer` signs in on the device, as the broker does it: the
    /// account a `complete` names or the holder; through the web view (the SSO extension failed)
    /// the holder too; nobody when the sheet is dismissed or fails.
    private func signsIn(_ answer: BrokerAnswer?) -> String? {
        switch answer {
        case nil, .ssoExtensionFailure?: holder
        case .complete(let account, _)?: account ?? holder
        default: nil
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
