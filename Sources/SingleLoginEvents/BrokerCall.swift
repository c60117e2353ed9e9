import SingleLoginAdapter

/// One call the app made to the broker or its backend, with its parameters: the method and what
/// it was called with, as values. The transcript records it as this value (event stream version 2);
/// its text (`scopes: User.Read, account: 1a2b.3c4d, forceRefresh`) is rendered from it for people
/// (``parametersText``) and never read back.
public enum BrokerCall: Hashable, Sendable {
    /// `SharedDeviceBroker/getDeviceInformation()`.
    case getDeviceInformation
    /// `SharedDeviceBroker/getCurrentAccount()`.
    case getCurrentAccount
    /// `SharedDeviceBroker/acquireTokenSilent(_:)`.
    case acquireTokenSilent(SilentTokenParameters)
    /// `SharedDeviceBroker/acquireToken(_:)`.
    case acquireToken(InteractiveTokenParameters)
    /// `SharedDeviceBroker/signout(_:)`.
    case signout(SignoutParameters)
    /// `SharedDeviceBroker/allAccounts()`.
    case allAccounts
    /// `SharedDeviceBroker/account(forIdentifier:)`.
    case accountForIdentifier(String)
    /// `SharedDeviceBroker/account(forUsername:)`.
    case accountForUsername(String)
    /// `SharedDeviceBroker/removeAccount(identifier:)`; nil when the app passed no account.
    case removeAccount(String?)
    /// `SharedDeviceBroker/accountsFromDevice()`.
    case accountsFromDevice
    /// `BackendService/fetchRecords(accessToken:)`.
    case fetchRecords(accessToken: String)

    /// The method called.
    public var method: BrokerMethod {
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

    /// The scopes asked for, for token calls (interactive: with the extra scopes to consent); empty otherwise.
    public var scopes: [String] {
        switch self {
        case .acquireTokenSilent(let parameters): parameters.scopes
        case .acquireToken(let parameters): parameters.scopes + parameters.extraScopesToConsent
        default: []
        }
    }
}
