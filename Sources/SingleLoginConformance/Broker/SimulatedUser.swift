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

/// Deterministic hashing for generated ids and markers (FNV-1a, 64 bit, chained).
enum StableHash {
    /// `length` lowercase hex digits derived from `text`.
    static func hex(_ text: String, length: Int) -> String {
        var output = ""
        var round: UInt64 = 0
        while output.count < length {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 &+ round
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            output += String(hash, radix: 16).leftPadded(to: 16)
            round += 1
        }
        return String(output.prefix(length))
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
