import SingleLoginAdapter

// A call to and from the parameters the event stream and the device trace write: the one reading of
// a recorded call and of an event stream's call into the typed value. A value this reader does not
// know (a prompt type), or a field the method needs that is absent, makes no call.

extension BrokerCallParameters {
    /// The fields of `call`'s parameters: what the event stream writes of it.
    public init(_ call: BrokerCall) {
        self.init()
        switch call {
        case .getDeviceInformation, .getCurrentAccount, .allAccounts, .accountsFromDevice: break
        case .accountForIdentifier(let identifier): self.identifier = identifier
        case .accountForUsername(let username): self.username = username
        case .removeAccount(let identifier): accountIdentifier = identifier
        case .fetchRecords(let token): accessToken = token
        case .acquireTokenSilent(let parameters):
            scopes = parameters.scopes
            accountIdentifier = parameters.accountIdentifier
            forceRefresh = parameters.forceRefresh
            allowUsingLocalCachedRtWhenSsoExtFailed = parameters.allowUsingLocalCachedRtWhenSsoExtFailed
        case .acquireToken(let parameters):
            scopes = parameters.scopes
            extraScopesToConsent = parameters.extraScopesToConsent
            promptType = parameters.promptType.rawValue
            loginHint = parameters.loginHint
            accountIdentifier = parameters.accountIdentifier
            parentInWindow = parameters.parentInWindow
        case .signout(let parameters):
            accountIdentifier = parameters.accountIdentifier
            signoutFromBrowser = parameters.signoutFromBrowser
            wipeAccount = parameters.wipeAccount
            wipeCacheForAllAccounts = parameters.wipeCacheForAllAccounts
            hasWebviewParameters = parameters.hasWebviewParameters
            parentInWindow = parameters.parentInWindow
        }
    }
}

extension BrokerCall {
    /// The call of `method` with `parameters`, or nil when a field the method needs is absent or
    /// holds a value this reader does not know.
    public init?(_ method: BrokerMethod, _ parameters: BrokerCallParameters) {
        switch method {
        case .getDeviceInformation: self = .getDeviceInformation
        case .getCurrentAccount: self = .getCurrentAccount
        case .allAccounts: self = .allAccounts
        case .accountsFromDevice: self = .accountsFromDevice
        case .accountForIdentifier:
            guard let identifier = parameters.identifier else { return nil }
            self = .accountForIdentifier(identifier)
        case .accountForUsername:
            guard let username = parameters.username else { return nil }
            self = .accountForUsername(username)
        case .removeAccount: self = .removeAccount(parameters.accountIdentifier)
        case .fetchRecords:
            guard let token = parameters.accessToken else { return nil }
            self = .fetchRecords(accessToken: token)
        case .acquireTokenSilent:
            guard let scopes = parameters.scopes else { return nil }
            self = .acquireTokenSilent(
                SilentTokenParameters(
                    scopes: scopes, accountIdentifier: parameters.accountIdentifier, forceRefresh: parameters.forceRefresh ?? false,
                    allowUsingLocalCachedRtWhenSsoExtFailed: parameters.allowUsingLocalCachedRtWhenSsoExtFailed ?? true))
        case .acquireToken:
            guard let scopes = parameters.scopes else { return nil }
            var prompt = PromptType.promptIfNecessary
            if let name = parameters.promptType { guard let known = PromptType(rawValue: name) else { return nil }; prompt = known }
            self = .acquireToken(
                InteractiveTokenParameters(
                    scopes: scopes, extraScopesToConsent: parameters.extraScopesToConsent ?? [], promptType: prompt, loginHint: parameters.loginHint,
                    accountIdentifier: parameters.accountIdentifier, parentInWindow: parameters.parentInWindow ?? true))
        case .signout:
            self = .signout(
                SignoutParameters(
                    accountIdentifier: parameters.accountIdentifier, signoutFromBrowser: parameters.signoutFromBrowser ?? false,
                    wipeAccount: parameters.wipeAccount ?? false, wipeCacheForAllAccounts: parameters.wipeCacheForAllAccounts ?? false,
                    hasWebviewParameters: parameters.hasWebviewParameters ?? false, parentInWindow: parameters.parentInWindow ?? true))
        }
    }
}
