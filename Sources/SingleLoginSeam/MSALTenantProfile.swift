/// `MSALTenantProfile`: one tenant the account is known in (`MSAL/src/public/MSALTenantProfile.h`).
public struct MSALTenantProfile: Hashable, Codable, Sendable {
    /// The object id in this tenant.
    public var identifier: String
    /// The tenant id.
    public var tenantId: String
    /// The cloud.
    public var environment: String
    /// Whether this is the account's home tenant.
    public var isHomeTenantProfile: Bool

    /// Creates a tenant profile.
    public init(identifier: String, tenantId: String, environment: String, isHomeTenantProfile: Bool) {
        self.identifier = identifier
        self.tenantId = tenantId
        self.environment = environment
        self.isHomeTenantProfile = isHomeTenantProfile
    }
}
