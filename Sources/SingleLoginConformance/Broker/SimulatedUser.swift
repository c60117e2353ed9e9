import SingleLoginAdapter
import SingleLoginSpec

/// A spec account made concrete: its MSAL account and the distinctive values the harness
/// looks for when it checks that none of the user's data remains.
public struct SimulatedUser: Hashable, Sendable {
    /// The name the spec uses.
    public var name: String
    /// The MSAL account.
    public var account: MSALAccount
    /// The display name (the `name` claim).
    public var displayName: String

    /// Makes a user from a spec account; missing ids are derived from the name, deterministically.
    public init(_ definition: AccountDefinition) {
        name = definition.name
        displayName = definition.displayName
        let objectId = definition.objectId ?? Self.derivedUUID(seed: "oid:" + definition.name)
        let tenantId = definition.tenantId ?? Self.derivedUUID(seed: "tid:contoso")
        account = MSALAccount(
            username: definition.username, objectId: objectId, tenantId: tenantId,
            accountClaims: ["name": definition.displayName, "preferred_username": definition.username, "oid": objectId, "tid": tenantId]
        )
    }

    /// The user's identity markers: found anywhere after sign-out, they are leftovers.
    public var identityMarkers: [String] {
        [account.username, displayName, account.objectId].compactMap { $0 }
    }

    /// A UUID-shaped string derived from `seed` with FNV-1a, so runs are reproducible.
    static func derivedUUID(seed: String) -> String {
        let hex = StableHash.hex(seed, length: 32)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}
