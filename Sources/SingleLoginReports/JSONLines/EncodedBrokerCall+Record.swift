import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

// A broker call record to and from its wire form: values to values, field by field. A wire value
// this reader does not know (a method, a result kind, a prompt type) makes no record.

extension EncodedBrokerCall {
    init(_ record: BrokerCallRecord) {
        self.init(
            sequence: record.sequence, stepIndex: record.stepIndex, method: record.method.rawValue, parameters: Parameters(record.call),
            answer: Answer(record.answer), notes: record.notes.isEmpty ? nil : record.notes, during: record.phase == .broadcasts ? record.phase.rawValue : nil)
    }
}

extension BrokerCallRecord {
    init?(_ encoded: EncodedBrokerCall) {
        guard let method = BrokerMethod(rawValue: encoded.method), let call = BrokerCall(method, encoded.parameters),
            let answer = BrokerCallAnswer(encoded.answer)
        else { return nil }
        let phase: CallPhase
        if let during = encoded.during { guard let decoded = CallPhase(rawValue: during) else { return nil }; phase = decoded } else { phase = .step }
        self.init(sequence: encoded.sequence, stepIndex: encoded.stepIndex, call: call, answer: answer, notes: encoded.notes ?? [], phase: phase)
    }
}

extension EncodedBrokerCall.Parameters {
    init(_ call: BrokerCall) {
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
    init?(_ method: BrokerMethod, _ parameters: EncodedBrokerCall.Parameters) {
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

extension EncodedBrokerCall.Answer {
    init(_ answer: BrokerCallAnswer) {
        switch answer {
        case .result(let result): self.init(result: .init(result))
        case .error(let error):
            self.init(
                error: .init(
                    domain: error.domain, code: error.code, internalCode: error.internalCode, message: error.message, declinedScopes: error.declinedScopes))
        }
    }
}

extension BrokerCallAnswer {
    init?(_ encoded: EncodedBrokerCall.Answer) {
        switch (encoded.result, encoded.error) {
        case (let result?, nil):
            guard let decoded = BrokerCallResult(result) else { return nil }
            self = .result(decoded)
        case (nil, let error?):
            self = .error(
                BrokerCallError(
                    domain: error.domain, code: error.code, internalCode: error.internalCode, message: error.message, declinedScopes: error.declinedScopes))
        default: return nil
        }
    }
}

extension EncodedBrokerCall.Returned {
    /// The wire names of ``BrokerCallResult``'s cases and of its signouts.
    enum Kind: String { case deviceInformation, currentAccount, accounts, account, token, signout, removedFromAppCache, records }
    enum Signout: String { case appCacheOnly, notOnDevice, signedOutOnDevice }

    init(_ result: BrokerCallResult) {
        switch result {
        case .deviceInformation(let mode):
            self.init(kind: Kind.deviceInformation.rawValue)
            deviceMode = mode.rawValue
        case .currentAccount(let current, let previous):
            self.init(kind: Kind.currentAccount.rawValue)
            account = current.map(EncodedBrokerCall.Account.init)
            self.previous = previous.map(EncodedBrokerCall.Account.init)
        case .accounts(let all):
            self.init(kind: Kind.accounts.rawValue)
            accounts = all.map(EncodedBrokerCall.Account.init)
        case .account(let found):
            self.init(kind: Kind.account.rawValue)
            account = found.map(EncodedBrokerCall.Account.init)
        case .token(let token):
            self.init(kind: Kind.token.rawValue)
            (user, session, issuance, scopes) = (token.user, token.session, token.issuance, token.scopes)
            idToken = token.idToken ? nil : false
        case .signout(let outcome):
            self.init(kind: Kind.signout.rawValue)
            switch outcome {
            case .appCacheOnly: signout = Signout.appCacheOnly.rawValue
            case .notOnDevice: signout = Signout.notOnDevice.rawValue
            case .signedOutOnDevice(let name, let posted):
                signout = Signout.signedOutOnDevice.rawValue
                user = name
                broadcast = posted ? nil : false
            }
        case .removedFromAppCache:
            self.init(kind: Kind.removedFromAppCache.rawValue)
        case .records(let number, let name, let sessionNumber):
            self.init(kind: Kind.records.rawValue)
            (count, user, session) = (number, name, sessionNumber)
        }
    }
}

extension BrokerCallResult {
    init?(_ encoded: EncodedBrokerCall.Returned) {
        typealias Wire = EncodedBrokerCall.Returned
        guard let kind = Wire.Kind(rawValue: encoded.kind) else { return nil }
        switch kind {
        case .deviceInformation:
            guard let mode = encoded.deviceMode.flatMap(DeviceMode.init(rawValue:)) else { return nil }
            self = .deviceInformation(mode: mode)
        case .currentAccount: self = .currentAccount(encoded.account.map(Account.init), previous: encoded.previous.map(Account.init))
        case .accounts:
            guard let accounts = encoded.accounts else { return nil }
            self = .accounts(accounts.map(Account.init))
        case .account: self = .account(encoded.account.map(Account.init))
        case .token:
            guard let user = encoded.user, let session = encoded.session, let issuance = encoded.issuance, let scopes = encoded.scopes else { return nil }
            self = .token(Token(user: user, session: session, issuance: issuance, scopes: scopes, idToken: encoded.idToken ?? true))
        case .signout:
            guard let name = encoded.signout.flatMap(Wire.Signout.init(rawValue:)) else { return nil }
            switch name {
            case .appCacheOnly: self = .signout(.appCacheOnly)
            case .notOnDevice: self = .signout(.notOnDevice)
            case .signedOutOnDevice:
                guard let user = encoded.user else { return nil }
                self = .signout(.signedOutOnDevice(user: user, broadcast: encoded.broadcast ?? true))
            }
        case .removedFromAppCache: self = .removedFromAppCache
        case .records:
            guard let count = encoded.count, let user = encoded.user, let session = encoded.session else { return nil }
            self = .records(count: count, user: user, session: session)
        }
    }
}

extension EncodedBrokerCall.Account {
    init(_ account: BrokerCallResult.Account) { self.init(username: account.username, identifier: account.identifier) }
}

extension BrokerCallResult.Account {
    init(_ encoded: EncodedBrokerCall.Account) { self.init(username: encoded.username, identifier: encoded.identifier) }
}
