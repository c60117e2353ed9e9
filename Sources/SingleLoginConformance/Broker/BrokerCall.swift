import SingleLoginAdapter

/// One call the app made to the broker, with its parameters: the one place their transcript text
/// (`scopes: User.Read, account: 1a2b.3c4d, forceRefresh`) is written (``parameters``, which
/// ``SimulatedBroker`` records) and read back (``init(_:parameters:)``, so that ``BrokerReplay`` can
/// make the call again). Text the broker would not write is no call it made. A value is read up to
/// the next `, key: ` of its call, so an app's login hint holding `, account: ` reads back as two.
package enum BrokerCall: Hashable, Sendable {
    case getDeviceInformation
    case getCurrentAccount
    case acquireTokenSilent(SilentTokenParameters)
    case acquireToken(InteractiveTokenParameters)
    case signout(SignoutParameters)
    case allAccounts
    case accountForIdentifier(String)
    case accountForUsername(String)
    case removeAccount(String?)
    case accountsFromDevice
    case fetchRecords(accessToken: String)

    /// The method called.
    package var method: BrokerMethod {
        switch self {
        case .getDeviceInformation: .getDeviceInformation
        case .getCurrentAccount: .getCurrentAccount
        case .acquireTokenSilent: .acquireTokenSilent
        case .acquireToken: .acquireToken
        case .signout: .signout
        case .allAccounts: .allAccounts
        case .accountForIdentifier: .accountForIdentifier
        case .accountForUsername: .accountForUsername
        case .removeAccount: .removeAccount
        case .accountsFromDevice: .accountsFromDevice
        case .fetchRecords: .fetchRecords
        }
    }

    /// The call's parameters as the transcript records them.
    package var parameters: String {
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

    /// The call `method` made with `parameters`, or nil when the text is not the broker's.
    package init?(_ method: BrokerMethod, parameters: String) {
        switch method {
        case .getDeviceInformation, .getCurrentAccount, .allAccounts, .accountsFromDevice:
            guard parameters.isEmpty else { return nil }
            self =
                switch method {
                case .getDeviceInformation: .getDeviceInformation
                case .getCurrentAccount: .getCurrentAccount
                case .allAccounts: .allAccounts
                default: .accountsFromDevice
                }
        case .accountForIdentifier:
            guard let value = Self.single("identifier", parameters) else { return nil }
            self = .accountForIdentifier(value)
        case .accountForUsername:
            guard let value = Self.single("username", parameters) else { return nil }
            self = .accountForUsername(value)
        case .removeAccount:
            guard let value = Self.single("account", parameters) else { return nil }
            self = .removeAccount(value == "nil" ? nil : value)
        case .fetchRecords:
            guard let value = Self.single("accessToken", parameters) else { return nil }
            self = .fetchRecords(accessToken: value)
        case .acquireTokenSilent:
            guard let fields = Fields(parameters, keys: ["scopes", "account", "allowUsingLocalCachedRtWhenSsoExtFailed"], flags: ["forceRefresh"]),
                let scopes = fields.values["scopes"], let account = fields.values["account"]
            else { return nil }
            let allowLocal = fields.values["allowUsingLocalCachedRtWhenSsoExtFailed"]
            guard allowLocal == nil || allowLocal == "false" else { return nil }
            self = .acquireTokenSilent(
                SilentTokenParameters(
                    scopes: Self.words(scopes), accountIdentifier: account == "nil" ? nil : account,
                    forceRefresh: fields.flags.contains("forceRefresh"), allowUsingLocalCachedRtWhenSsoExtFailed: allowLocal == nil))
        case .acquireToken:
            guard let fields = Fields(parameters, keys: ["scopes", "extraScopesToConsent", "prompt", "loginHint", "account"], flags: ["parentNotInWindow"]),
                let scopes = fields.values["scopes"], let prompt = fields.values["prompt"].flatMap(PromptType.init(rawValue:))
            else { return nil }
            self = .acquireToken(
                InteractiveTokenParameters(
                    scopes: Self.words(scopes), extraScopesToConsent: fields.values["extraScopesToConsent"].map(Self.words) ?? [],
                    promptType: prompt, loginHint: fields.values["loginHint"], accountIdentifier: fields.values["account"],
                    parentInWindow: !fields.flags.contains("parentNotInWindow")))
        case .signout:
            guard
                let fields = Fields(
                    parameters, keys: ["account", "signoutFromBrowser"],
                    flags: ["wipeAccount", "wipeCacheForAllAccounts", "webviewParameters", "parentNotInWindow"]),
                let account = fields.values["account"], let browser = fields.values["signoutFromBrowser"], browser == "true" || browser == "false"
            else { return nil }
            self = .signout(
                SignoutParameters(
                    accountIdentifier: account == "nil" ? nil : account, signoutFromBrowser: browser == "true",
                    wipeAccount: fields.flags.contains("wipeAccount"), wipeCacheForAllAccounts: fields.flags.contains("wipeCacheForAllAccounts"),
                    hasWebviewParameters: fields.flags.contains("webviewParameters"), parentInWindow: !fields.flags.contains("parentNotInWindow")))
        }
    }

    /// Makes the call; its answer, an error included, is in the broker's transcript.
    func make(on broker: SimulatedBroker) async {
        switch self {
        case .getDeviceInformation: _ = try? await broker.getDeviceInformation()
        case .getCurrentAccount: _ = try? await broker.getCurrentAccount()
        case .acquireTokenSilent(let parameters): _ = try? await broker.acquireTokenSilent(parameters)
        case .acquireToken(let parameters): _ = try? await broker.acquireToken(parameters)
        case .signout(let parameters): try? await broker.signout(parameters)
        case .allAccounts: _ = try? await broker.allAccounts()
        case .accountForIdentifier(let identifier): _ = try? await broker.account(forIdentifier: identifier)
        case .accountForUsername(let username): _ = try? await broker.account(forUsername: username)
        case .removeAccount(let identifier): try? await broker.removeAccount(identifier: identifier)
        case .accountsFromDevice: _ = try? await broker.accountsFromDevice()
        case .fetchRecords(let token): _ = try? await broker.fetchRecords(accessToken: token)
        }
    }

    /// `key: value` alone.
    private static func single(_ key: String, _ text: String) -> String? {
        text.hasPrefix(key + ": ") ? String(text.dropFirst(key.count + 2)) : nil
    }

    private static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    /// `key: value` pairs and bare flags, joined by ", ". A value may itself hold ", " (a login hint
    /// is the app's text): a part that starts with no known key or flag continues the value before it.
    private struct Fields {
        var values: [String: String] = [:]
        var flags: Set<String> = []

        init?(_ text: String, keys: [String], flags known: Set<String>) {
            var last: String?
            for part in text.components(separatedBy: ", ") {
                if known.contains(part) {
                    guard !flags.contains(part) else { return nil }
                    flags.insert(part)
                    last = nil
                } else if let key = keys.first(where: { part.hasPrefix($0 + ": ") }), values[key] == nil {
                    values[key] = String(part.dropFirst(key.count + 2))
                    last = key
                } else if let key = last {
                    values[key]! += ", " + part
                } else {
                    return nil
                }
            }
        }
    }
}
