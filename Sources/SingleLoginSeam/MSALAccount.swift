/// `MSALAccount`: an account as MSAL hands it to the app (`MSAL/src/public/MSALAccount.h`).
///
/// As in MSAL, `username` and `identifier` are optional and `identifier` is opaque: compare
/// it, never parse it. `accountClaims` is there only when an id token was issued to this
/// client for the account; an account read from the device or the app's own cache in Shared
/// Device Mode has none. Equality is MSAL's (`MSALAccount.m`): identifiers when both sides have
/// one, else usernames (case-insensitive), else equal.
///
/// On the wire an account is one flat object: `username`, `identifier`, `objectId`,
/// `tenantId`, `environment`, `accountClaims`, `isSSOAccount`, `tenantProfiles`, each optional
/// but `environment`.
public struct MSALAccount: Hashable, Codable, Sendable {
    /// The sign-in name, e.g. `alice@contoso.example`; nil when the service did not return one.
    public var username: String?
    /// The home account id: the opaque identifier, and its object and tenant ids when known.
    public var homeAccountId: MSALAccountId?
    /// The cloud the account lives in, e.g. `login.microsoftonline.com`.
    public var environment: String
    /// The id token claims (name, preferred_username, oid, tid...); nil unless an id token was issued to this client.
    public var accountClaims: [String: String]?
    /// Whether the account is the device-wide SSO account the Enterprise SSO plug-in holds.
    public var isSSOAccount: Bool
    /// The tenant profiles, filled only by cache queries (`allAccounts`, `account(forIdentifier:)`...).
    public var tenantProfiles: [MSALTenantProfile]?

    /// `homeAccountId.identifier`: the value apps compare to tell whether the user changed. Opaque.
    public var identifier: String? { homeAccountId?.identifier }
    /// The user's object id in its home tenant, when the identifier carries it.
    public var objectId: String? { homeAccountId?.objectId }
    /// The home tenant id, when the identifier carries it.
    public var tenantId: String? { homeAccountId?.tenantId }

    /// Creates an account from its parts.
    public init(
        username: String?, homeAccountId: MSALAccountId?, environment: String = "login.microsoftonline.com", accountClaims: [String: String]? = nil,
        isSSOAccount: Bool = false, tenantProfiles: [MSALTenantProfile]? = nil
    ) {
        self.username = username
        self.homeAccountId = homeAccountId
        self.environment = environment
        self.accountClaims = accountClaims
        self.isSSOAccount = isSSOAccount
        self.tenantProfiles = tenantProfiles
    }

    /// Creates an AAD account whose identifier is `"<objectId>.<tenantId>"`, as MSAL derives it today.
    public init(
        username: String?, objectId: String, tenantId: String, environment: String = "login.microsoftonline.com", accountClaims: [String: String]? = nil,
        isSSOAccount: Bool = false
    ) {
        self.init(
            username: username, homeAccountId: MSALAccountId(identifier: "\(objectId).\(tenantId)".lowercased(), objectId: objectId, tenantId: tenantId),
            environment: environment, accountClaims: accountClaims, isSSOAccount: isSSOAccount)
    }

    /// MSAL's equality: identifiers when both are present, else usernames ignoring case, else equal.
    public static func == (lhs: MSALAccount, rhs: MSALAccount) -> Bool {
        if let left = lhs.identifier, let right = rhs.identifier { return left == right }
        if lhs.username != nil || rhs.username != nil {
            return lhs.username?.lowercased() == rhs.username?.lowercased()
        }
        return true
    }

    /// Constant, as in MSAL (`MSALAccount.m` returns 0): equality falls back to usernames, so no field can be hashed.
    public func hash(into hasher: inout Hasher) {}

    /// Whether every field is the same, not just MSAL's equality (for tests and transcripts).
    public func isIdentical(to other: MSALAccount) -> Bool {
        username == other.username && homeAccountId == other.homeAccountId && environment == other.environment
            && accountClaims == other.accountClaims && isSSOAccount == other.isSSOAccount && tenantProfiles == other.tenantProfiles
    }

    private enum CodingKeys: String, CodingKey {
        case username, identifier, objectId, tenantId, environment, accountClaims, isSSOAccount, tenantProfiles
    }

    /// Decodes the flat wire shape; only `environment` may not be missing (it defaults to the public cloud).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        username = try container.decodeIfPresent(String.self, forKey: .username)
        if let identifier = try container.decodeIfPresent(String.self, forKey: .identifier) {
            homeAccountId = MSALAccountId(
                identifier: identifier,
                objectId: try container.decodeIfPresent(String.self, forKey: .objectId),
                tenantId: try container.decodeIfPresent(String.self, forKey: .tenantId))
        }
        environment = try container.decodeIfPresent(String.self, forKey: .environment) ?? "login.microsoftonline.com"
        accountClaims = try container.decodeIfPresent([String: String].self, forKey: .accountClaims)
        isSSOAccount = try container.decodeIfPresent(Bool.self, forKey: .isSSOAccount) ?? false
        tenantProfiles = try container.decodeIfPresent([MSALTenantProfile].self, forKey: .tenantProfiles)
    }

    /// Encodes the flat wire shape, leaving out what is nil.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(username, forKey: .username)
        try container.encodeIfPresent(homeAccountId?.identifier, forKey: .identifier)
        try container.encodeIfPresent(homeAccountId?.objectId, forKey: .objectId)
        try container.encodeIfPresent(homeAccountId?.tenantId, forKey: .tenantId)
        try container.encode(environment, forKey: .environment)
        try container.encodeIfPresent(accountClaims, forKey: .accountClaims)
        if isSSOAccount { try container.encode(true, forKey: .isSSOAccount) }
        try container.encodeIfPresent(tenantProfiles, forKey: .tenantProfiles)
    }
}
