/// The parts of an `MSALAccount` that an app uses.
public struct MSALAccount: Hashable, Codable, Sendable {
    /// The sign-in name, e.g. `alice@contoso.example`; optional, as in MSAL.
    public var username: String?
    /// `"<oid>.<tid>"`: the value apps compare to tell whether the user changed.
    public var identifier: String
    /// The user's object id in the tenant.
    public var objectId: String
    /// The tenant id.
    public var tenantId: String
    /// The cloud the account lives in, e.g. `login.microsoftonline.com`.
    public var environment: String
    /// The id token claims MSAL exposes as `accountClaims` (name, preferred_username, ...).
    public var accountClaims: [String: String]

    /// Creates an account; `identifier` is derived as MSAL does.
    public init(username: String?, objectId: String, tenantId: String, environment: String = "login.microsoftonline.com", accountClaims: [String: String] = [:]) {
        self.username = username
        self.identifier = "\(objectId).\(tenantId)"
        self.objectId = objectId
        self.tenantId = tenantId
        self.environment = environment
        self.accountClaims = accountClaims
    }
}

/// What `getCurrentAccount(with:completionBlock:)` answers.
public struct CurrentAccount: Hashable, Codable, Sendable {
    /// The account signed in on the device now, or nil.
    public var account: MSALAccount?
    /// The account the previous call of getCurrentAccount saw (per client id); nil on the first call ever.
    public var previousAccount: MSALAccount?

    /// Creates the pair.
    public init(account: MSALAccount?, previousAccount: MSALAccount?) {
        self.account = account
        self.previousAccount = previousAccount
    }
}

/// `MSALDeviceMode`.
public enum DeviceMode: String, Codable, Sendable, CaseIterable {
    /// `.default` (0): a personal device.
    case `default`
    /// `.shared` (1): Shared Device Mode.
    case shared
}

/// `MSALDeviceInformation`.
public struct DeviceInformation: Hashable, Codable, Sendable {
    /// The device's mode.
    public var deviceMode: DeviceMode
    /// Whether the Enterprise SSO extension is present.
    public var hasAADSSOExtension: Bool
    /// `extraDeviceInformation`.
    public var extraDeviceInformation: [String: String]

    /// Creates device information.
    public init(deviceMode: DeviceMode, hasAADSSOExtension: Bool, extraDeviceInformation: [String: String] = [:]) {
        self.deviceMode = deviceMode
        self.hasAADSSOExtension = hasAADSSOExtension
        self.extraDeviceInformation = extraDeviceInformation
    }
}
