import SingleLoginAdapter

// The one place a broker call's text is written. Every report, the console and every finding show
// a call as this text; nothing reads it back (the events carry the values).

extension BrokerCallRecord {
    /// `#3 acquireToken(scopes: User.Read) -> MSALErrorDomain -50005 ...`, marked `(broadcast)` when a
    /// broadcast caused it, and `(late, answered during step 5)` when the app made it after its
    /// step's event was answered (a held answer let its task go on): it is listed under the step
    /// whose event started the work, so the mark says when it happened; `(held until the release)`
    /// when the harness held its answer: the app got it at the next `release` step.
    public var line: String {
        "#\(sequence) \(callText) -> \(answerText)" + (phase == .broadcasts ? " (broadcast)" : "") + timingMarks.map { " (\($0))" }.joined()
    }

    /// When the call happened or was answered, where that is not its step's event: `late, answered
    /// during step 5`, `held until the release`; empty for most calls.
    public var timingMarks: [String] {
        (answeredLater.map { ["late, answered during \($0.text)"] } ?? []) + (held ? ["held until the release"] : [])
    }

    /// `acquireToken(scopes: User.Read, prompt: selectAccount)`.
    public var callText: String { "\(method.rawValue)(\(call.parametersText))" }

    /// The answer's text with the broker's remarks after it in brackets: `ok: alice session 1, token 1,
    /// scopes: User.Read [no broadcast]`.
    public var answerText: String {
        let text =
            switch answer {
            case .result(let result): result.text
            case .error(let error): error.text
            }
        return notes.isEmpty ? text : text + " [" + notes.joined(separator: "; ") + "]"
    }
}

extension BrokerCall {
    /// The call's parameters as people read them: `scopes: User.Read, account: 1a2b.3c4d, forceRefresh`.
    public var parametersText: String {
        switch self {
        case .getDeviceInformation, .getCurrentAccount, .allAccounts, .accountsFromDevice: return ""
        case .accountForIdentifier(let identifier): return "identifier: \(identifier)"
        case .accountForUsername(let username): return "username: \(username)"
        case .removeAccount(let identifier): return "account: \(identifier ?? "nil")"
        case .fetchRecords(let token): return "accessToken: \(token)"
        case .acquireTokenSilent(let parameters):
            var text = "scopes: \(parameters.scopes.joined(separator: " ")), account: \(parameters.accountIdentifier ?? "nil")"
            if parameters.forceRefresh { text += ", forceRefresh" }
            if !parameters.allowUsingLocalCachedRtWhenSsoExtFailed { text += ", allowUsingLocalCachedRtWhenSsoExtFailed: false" }
            return text
        case .acquireToken(let parameters):
            var text = "scopes: \(parameters.scopes.joined(separator: " "))"
            if !parameters.extraScopesToConsent.isEmpty { text += ", extraScopesToConsent: \(parameters.extraScopesToConsent.joined(separator: " "))" }
            text += ", prompt: \(parameters.promptType.rawValue)"
            if let hint = parameters.loginHint { text += ", loginHint: \(hint)" }
            if let identifier = parameters.accountIdentifier { text += ", account: \(identifier)" }
            if !parameters.parentInWindow { text += ", parentNotInWindow" }
            return text
        case .signout(let parameters):
            var text = "account: \(parameters.accountIdentifier ?? "nil"), signoutFromBrowser: \(parameters.signoutFromBrowser)"
            if parameters.wipeAccount { text += ", wipeAccount" }
            if parameters.wipeCacheForAllAccounts { text += ", wipeCacheForAllAccounts" }
            if parameters.hasWebviewParameters { text += ", webviewParameters" }
            if !parameters.parentInWindow { text += ", parentNotInWindow" }
            return text
        }
    }
}

extension CallMoment {
    /// `step 5`, `step 5's broadcasts`, `the reset`: ``description`` in a sentence.
    var text: String { stepIndex == nil ? "the reset" : description }
}

extension BrokerCallError {
    /// As MSAL's error describes itself: `MSALErrorDomain -50002 (interactionRequired): ...`.
    public var text: String {
        MSALError(domain: domain, code: code, internalCode: internalCode, message: message, declinedScopes: declinedScopes).description
    }
}

extension BrokerCallResult {
    /// `deviceMode: shared`, `account: alice, previous: nil`, `ok: alice session 1, token 2, scopes: User.Read`.
    public var text: String {
        switch self {
        case .deviceInformation(let mode): "deviceMode: \(mode.rawValue)"
        case .currentAccount(let account, let previous): "account: \(Account.text(account)), previous: \(Account.text(previous))"
        case .accounts(let accounts): "[" + accounts.map(\.text).joined(separator: ", ") + "]"
        case .account(let account): Account.text(account)
        case .token(let token):
            "ok: \(token.user) session \(token.session), token \(token.issuance), "
                + (token.idToken ? "scopes: \(token.scopes.joined(separator: " "))" : "idToken: nil")
        case .signout(.appCacheOnly): "ok (MSAL may not use the broker: the app's cache only; the device is unchanged)"
        case .signout(.notOnDevice): "ok (the account is not signed in on the device: nothing signed out there)"
        case .signout(.signedOutOnDevice(let user, let broadcast)): "ok: \(user) signed out on the device" + (broadcast ? "" : ", no broadcast")
        case .removedFromAppCache: "ok (the app's cache only; the device is unchanged)"
        case .records(let count, let user, let session): "\(count) records of \(user) session \(session)"
        }
    }
}

extension BrokerCallResult.Account {
    /// Its username, else its identifier.
    public var text: String { username ?? identifier ?? "<no identifier>" }

    static func text(_ account: Self?) -> String { account?.text ?? "nil" }
}
