/// The environment variables a backend process is started with, exactly as named by the profile.
public enum BackendEnvironment {
    /// The names the profile's contract fixes, in the order docs list them.
    public static let names = ["SL_BACKEND_PORT", "SL_CLIENT_ID", "SL_TENANT_ID", "SL_TENANT_MODE", "SL_AUTHORITY", "SL_OIDC_METADATA_URL", "SL_JWKS_URL"]
    /// Names a backend may read and need not: `SL_OTHER_TENANT_IDS` (the tenants other than the
    /// home one whose tokens the profile sends; for backends that admit only onboarded tenants).
    public static let optionalNames = ["SL_OTHER_TENANT_IDS"]

    /// The variables for a backend listening on `port` whose keys come from `view` of `tenant`.
    public static func variables(port: UInt16, tenant: TestTenant, view: Int) -> [String: String] {
        let identity = tenant.identity
        return [
            "SL_BACKEND_PORT": String(port),
            "SL_CLIENT_ID": identity.clientID,
            "SL_TENANT_ID": identity.homeTenantID,
            "SL_TENANT_MODE": identity.mode.rawValue,
            "SL_AUTHORITY": identity.authority,
            "SL_OIDC_METADATA_URL": tenant.metadataURL(view: view),
            "SL_JWKS_URL": tenant.jwksURL(view: view),
            "SL_OTHER_TENANT_IDS": identity.otherTenantIDs.joined(separator: ","),
        ]
    }
}
