import Foundation

/// The GUIDs of one profile run: the app, its home tenant, two other tenants and another app.
///
/// Fresh for every run (a backend must read them from the environment, never hard-code them).
public struct TenantIdentity: Sendable, Hashable {
    /// Single or multi-tenant.
    public var mode: TenantMode
    /// The app's client ID (`SL_CLIENT_ID`): every valid token's `aud`.
    public var clientID: String
    /// The home tenant (`SL_TENANT_ID`).
    public var homeTenantID: String
    /// Another tenant ("A" in BE-ISS-2), whose users may sign in to a multi-tenant app.
    public var otherTenantID: String
    /// A third tenant ("B" in BE-ISS-2).
    public var thirdTenantID: String
    /// Another app's client ID (BE-AUD-1).
    public var otherClientID: String

    /// Creates an identity; by default every GUID is new.
    public init(
        mode: TenantMode, clientID: String = Self.newGUID(), homeTenantID: String = Self.newGUID(), otherTenantID: String = Self.newGUID(),
        thirdTenantID: String = Self.newGUID(), otherClientID: String = Self.newGUID()
    ) {
        self.mode = mode
        self.clientID = clientID
        self.homeTenantID = homeTenantID
        self.otherTenantID = otherTenantID
        self.thirdTenantID = thirdTenantID
        self.otherClientID = otherClientID
    }

    /// A lowercase GUID, as Entra writes them.
    public static func newGUID() -> String { UUID().uuidString.lowercased() }

    /// `https://login.microsoftonline.com/<tenant>/v2.0`: the v2 issuer of a tenant's tokens.
    public static func issuer(of tenant: String) -> String { "https://login.microsoftonline.com/\(tenant)/v2.0" }

    /// The multi-tenant issuer template of the `organizations` discovery document.
    public static let issuerTemplate = "https://login.microsoftonline.com/{tenantid}/v2.0"

    /// `SL_AUTHORITY`: the home tenant's authority, or `organizations` in multi mode.
    public var authority: String {
        mode == .single ? Self.issuer(of: homeTenantID) : "https://login.microsoftonline.com/organizations/v2.0"
    }

    /// The discovery document's `issuer`: the home tenant's issuer, or the template in multi mode.
    public var metadataIssuer: String {
        mode == .single ? Self.issuer(of: homeTenantID) : Self.issuerTemplate
    }

    /// `SL_OTHER_TENANT_IDS`: every tenant other than the home one whose tokens the profile sends
    /// in multi mode (A and B), so that a backend that admits only onboarded tenants can admit
    /// them as it would an onboarded customer. Empty in single mode, where no other tenant is admitted.
    ///
    /// B carries no valid token, but BE-ISS-2's "iss A with tid B" does: with B onboarded too, an
    /// allow-list backend must reject that token for the mismatch, not for an unknown tenant.
    public var otherTenantIDs: [String] {
        mode == .multi ? [otherTenantID, thirdTenantID] : []
    }

    /// The path segment Entra uses for the authority: the tenant id, or `organizations`.
    public var authoritySegment: String { mode == .single ? homeTenantID : "organizations" }
}
