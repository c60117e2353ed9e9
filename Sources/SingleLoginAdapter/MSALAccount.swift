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
