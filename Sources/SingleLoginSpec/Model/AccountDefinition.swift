/// A simulated user. Every value is distinctive so that leftovers can be found by scanning.
public struct AccountDefinition: Hashable, Sendable {
    /// The name scenarios use, e.g. `alice`.
    public var name: String
    /// The sign-in name, e.g. `alice.adams@contoso.example`.
    public var username: String
    /// The display name, e.g. `Alice Adams`.
    public var displayName: String
    /// The object id; generated from the name when the spec leaves it out.
    public var objectId: String?
    /// The tenant id; generated when the spec leaves it out.
    public var tenantId: String?

    /// Creates an account definition.
    public init(name: String, username: String, displayName: String, objectId: String? = nil, tenantId: String? = nil) {
        self.name = name
        self.username = username
        self.displayName = displayName
        self.objectId = objectId
        self.tenantId = tenantId
    }
}
