/// The calls an app makes to Microsoft's broker (through MSAL) and to its own backend: the one
/// list of them, which the spec's `calls` checks and `answerNext` steps, the transcripts and the
/// wire protocol all use.
///
/// ``SharedDeviceBroker`` and ``BackendService`` are the typed interface of the same calls: each
/// of their functions is exactly one case here.
public enum BrokerMethod: String, Hashable, Sendable, CaseIterable {
    /// ``SharedDeviceBroker/getDeviceInformation()``.
    case getDeviceInformation
    /// ``SharedDeviceBroker/getCurrentAccount()``.
    case getCurrentAccount
    /// ``SharedDeviceBroker/acquireTokenSilent(_:)``.
    case acquireTokenSilent
    /// ``SharedDeviceBroker/acquireToken(_:)``: one interactive prompt each.
    case acquireToken
    /// ``SharedDeviceBroker/signout(_:)``.
    case signout
    /// ``SharedDeviceBroker/allAccounts()``: the app's own MSAL cache, never the broker.
    case allAccounts
    /// ``SharedDeviceBroker/account(forIdentifier:)``: the app's own MSAL cache.
    case accountForIdentifier
    /// ``SharedDeviceBroker/account(forUsername:)``: the app's own MSAL cache.
    case accountForUsername
    /// ``SharedDeviceBroker/removeAccount(identifier:)``: removes the account from the app's own MSAL cache only.
    case removeAccount
    /// ``SharedDeviceBroker/accountsFromDevice()``: in Shared Device Mode, the broker's accounts.
    case accountsFromDevice
    /// ``BackendService/fetchRecords(accessToken:)``: the app's backend call for the user's records.
    case fetchRecords

    /// Who answers a call: the broker, through MSAL, or the app's backend.
    public enum Service: String, Hashable, Sendable, CaseIterable {
        /// MSAL and Microsoft's broker.
        case msal
        /// The app's own backend, which the harness plays.
        case backend
    }

    /// Who answers this call.
    public var service: Service {
        self == .fetchRecords ? .backend : .msal
    }

    /// Whether MSAL answers this call from the app's own cache alone, never asking the broker or the network.
    public var isLocalCacheCall: Bool {
        [.allAccounts, .accountForIdentifier, .accountForUsername, .removeAccount].contains(self)
    }

    /// The JSON-RPC method name on the wire: `msal.getCurrentAccount`, `backend.fetchRecords`.
    public var wireName: String {
        "\(service.rawValue).\(rawValue)"
    }

    /// The method a wire name names, or nil when it names none.
    public init?(wireName: String) {
        guard let method = Self.allCases.first(where: { $0.wireName == wireName }) else { return nil }
        self = method
    }
}
