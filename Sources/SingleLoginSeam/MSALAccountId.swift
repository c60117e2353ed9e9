/// `MSALAccountId`: the home account id (`MSAL/src/public/MSALAccountId.h`).
public struct MSALAccountId: Hashable, Codable, Sendable {
    /// The identifier, today `"<uid>.<utid>"` lowercased; its format is not guaranteed: treat it as opaque.
    public var identifier: String
    /// The object id, when the identifier splits into exactly two parts.
    public var objectId: String?
    /// The tenant id, when the identifier splits into exactly two parts.
    public var tenantId: String?

    /// Creates a home account id.
    public init(identifier: String, objectId: String? = nil, tenantId: String? = nil) {
        self.identifier = identifier
        self.objectId = objectId
        self.tenantId = tenantId
    }

    /// Splits `identifier` as MSAL does: object and tenant id only when there are exactly two dot-separated parts.
    public init(parsing identifier: String) {
        let parts = identifier.split(separator: ".", omittingEmptySubsequences: false)
        self.init(identifier: identifier, objectId: parts.count == 2 ? String(parts[0]) : nil, tenantId: parts.count == 2 ? String(parts[1]) : nil)
    }
}
