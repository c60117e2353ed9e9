/// Where the app is in its lifecycle, as ``AppEvent``s drive it: the one definition the runner,
/// explore's device model and its oracle share.
public enum AppLifecycle: Hashable, Sendable, CustomStringConvertible {
    /// Not launched yet, or terminated.
    case notRunning
    /// Running in the foreground: it receives taps and the account-change broadcast.
    case foreground
    /// Running in the background: it learns of account changes only when it resumes.
    case suspended

    /// The state after `event`: launch and resume bring the app to the foreground, suspend sends
    /// it to the background, terminate ends it; every other event leaves it where it is.
    public func after(_ event: AppEvent) -> AppLifecycle {
        switch event {
        case .launch, .resume: .foreground
        case .suspend: .suspended
        case .terminate: .notRunning
        case .tapSignIn, .tapSignOut, .refresh, .accountChangedBroadcast: self
        }
    }

    /// `not running`, `in the foreground` or `suspended`, as a sentence about the app goes on.
    public var description: String {
        switch self {
        case .notRunning: "not running"
        case .foreground: "in the foreground"
        case .suspended: "suspended"
        }
    }
}
