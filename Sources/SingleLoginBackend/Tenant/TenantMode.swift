/// Whether the backend serves one tenant or many (`SL_TENANT_MODE`).
public enum TenantMode: String, Sendable, Hashable, CaseIterable {
    /// A single-tenant app: the issuer is the home tenant's, exactly.
    case single
    /// A multi-tenant app: the discovery document's issuer is the `{tenantid}` template, to be
    /// filled with the token's `tid` and matched exactly.
    case multi
}
