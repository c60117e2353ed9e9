import SingleLoginAdapter
import SingleLoginEvents
import SingleLoginSpec

// A broker call record to and from its wire form: values to values, field by field. A wire value
// this reader does not know (a method, a result kind, a prompt type) makes no record.

extension EncodedBrokerCall {
    init(_ record: BrokerCallRecord) {
        self.init(
            sequence: record.sequence, stepIndex: record.stepIndex, method: record.method.rawValue, parameters: Parameters(record.call),
            answer: Answer(record.answer), notes: record.notes.isEmpty ? nil : record.notes, during: Self.during(record.phase),
            answeredLater: record.answeredLater.map { AnsweredLater(stepIndex: $0.stepIndex, during: Self.during($0.phase)) },
            held: record.held ? true : nil)
    }

    /// `broadcasts`, or nothing for the step's own event.
    static func during(_ phase: CallPhase) -> String? { phase == .broadcasts ? phase.rawValue : nil }
}

extension CallPhase {
    /// The phase a wire `during` names (absent: the step's own event); nil for a name it does not know.
    init?(during: String?) {
        guard let during else {
            self = .step
            return
        }
        self.init(rawValue: during)
    }
}

extension BrokerCallRecord {
    init?(_ encoded: EncodedBrokerCall) {
        guard let method = BrokerMethod(rawValue: encoded.method), let call = BrokerCall(method, encoded.parameters),
            let answer = BrokerCallAnswer(encoded.answer)
        else { return nil }
        guard let phase = CallPhase(during: encoded.during) else { return nil }
        var later: CallMoment?
        if let answered = encoded.answeredLater {
            guard let laterPhase = CallPhase(during: answered.during) else { return nil }
            later = CallMoment(stepIndex: answered.stepIndex, phase: laterPhase)
        }
        self.init(
            sequence: encoded.sequence, stepIndex: encoded.stepIndex, call: call, answer: answer, notes: encoded.notes ?? [], phase: phase,
            answeredLater: later, held: encoded.held ?? false)
    }
}

extension EncodedBrokerCall.Answer {
    init(_ answer: BrokerCallAnswer) {
        switch answer {
        case .result(let result): self.init(result: .init(result))
        case .error(let error): self.init(error: error)
        }
    }
}

extension BrokerCallAnswer {
    init?(_ encoded: EncodedBrokerCall.Answer) {
        switch (encoded.result, encoded.error) {
        case (let result?, nil):
            guard let decoded = BrokerCallResult(result) else { return nil }
            self = .result(decoded)
        case (nil, let error?): self = .error(error)
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
            account = current
            self.previous = previous
        case .accounts(let all):
            self.init(kind: Kind.accounts.rawValue)
            accounts = all
        case .account(let found):
            self.init(kind: Kind.account.rawValue)
            account = found
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
        case .currentAccount: self = .currentAccount(encoded.account, previous: encoded.previous)
        case .accounts:
            guard let accounts = encoded.accounts else { return nil }
            self = .accounts(accounts)
        case .account: self = .account(encoded.account)
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
