extension Step.Action: CustomStringConvertible {
    /// The step in words, as the runner's step events, hang evidence and explore's histories print
    /// it: `launch`, `switchUser bob`, `broadcast x3`, `answerNext acquireTokenSilent networkError`.
    public var description: String {
        switch self {
        case .app(let event): return event.rawValue
        case .globalSignIn(let account): return "globalSignIn \(account)"
        case .globalSignOut: return "globalSignOut"
        case .switchUser(let account): return "switchUser \(account)"
        case .broadcast(let count): return count == 1 ? "broadcast" : "broadcast x\(count)"
        case .answerNext(let method, let answer): return "answerNext \(method.rawValue) \(answer)"
        case .advanceClock(let minutes): return "advanceClock \(minutes) min"
        case .requireInteraction: return "requireInteraction"
        case .holdNext(let method, let account): return "holdNext \(method.rawValue)" + (account.map { " for \($0)" } ?? "")
        case .release: return "release"
        }
    }
}

extension BrokerAnswer: CustomStringConvertible {
    /// The answer in words: `cancel`, `complete as bob`, `ssoExtensionFailure 1004`.
    public var description: String {
        switch self {
        case .complete(let account, let broadcast): return (account.map { "complete as \($0)" } ?? "complete") + (broadcast ? "" : " without broadcast")
        case .cancel: return "cancel"
        case .interactionRequired: return "interactionRequired"
        case .networkError: return "networkError"
        case .noIdToken: return "noIdToken"
        case .blankIdToken: return "blankIdToken"
        case .declinedScopes(let scopes): return "declinedScopes" + (scopes.map { " " + $0.joined(separator: " ") } ?? "")
        case .ssoExtensionFailure(let code): return "ssoExtensionFailure \(code.rawValue)"
        case .brokerNotAvailable: return "brokerNotAvailable"
        }
    }
}
