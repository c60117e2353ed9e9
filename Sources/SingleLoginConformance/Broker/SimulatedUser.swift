import Foundation
import SingleLoginAdapter
import SingleLoginSpec

/// A spec account made concrete: who the user is, the accounts MSAL hands out for them, and the
/// distinctive values the harness looks for when it checks that none of the user's data remains.
public struct SimulatedUser: Hashable, Sendable {
    /// The name the spec uses.
    public var name: String
    /// The sign-in name.
    public var username: String?
    /// The display name (the `name` claim).
    public var displayName: String { didSet { nameParts = Self.nameParts(of: displayName) } }
    /// The display name's parts of three letters or more, given name first and family name last:
    /// found as whole words after sign-out ("See you next shift, Alice!", "Adams, Alice"), they are
    /// leftovers too. Shorter parts ("Li", "Jo") would match too much to count. Kept with the name,
    /// not derived on each read: every `noDataOf` check reads every user's.
    public private(set) var nameParts: [String]
    /// The object id in the home tenant.
    public var objectId: String
    /// The home tenant id.
    public var tenantId: String
    /// The cloud.
    public static let environment = "login.microsoftonline.com"

    /// Makes a user from a spec account; missing ids are derived from the name, deterministically.
    public init(_ definition: AccountDefinition) {
        name = definition.name
        displayName = definition.displayName
        nameParts = Self.nameParts(of: definition.displayName)
        username = definition.username
        objectId = definition.objectId ?? Self.derivedUUID(seed: "oid:" + definition.name)
        tenantId = definition.tenantId ?? Self.derivedUUID(seed: "tid:contoso")
    }

    /// Every account of `spec`, made concrete, by name.
    public static func all(of spec: Spec) -> [String: SimulatedUser] {
        var users: [String: SimulatedUser] = [:]
        for definition in spec.accounts { users[definition.name] = SimulatedUser(definition) }
        return users
    }

    /// The home account identifier, `"<oid>.<tid>"` lowercased as MSAL normalises it: opaque to apps.
    public var identifier: String { "\(objectId).\(tenantId)".lowercased() }

    /// The claims of the user's id token. A guest's `preferred_username` is the address they sign in
    /// with at home (``guestEmail``), not the `#EXT#` name the account carries in the inviting tenant.
    public var claims: [String: String] {
        ["name": displayName, "preferred_username": idTokenUsername ?? "", "oid": objectId, "tid": tenantId]
    }

    /// The username the id token names (its `preferred_username`): the account's username, or a guest's home address.
    public var idTokenUsername: String? { guestEmail ?? username }

    /// For a guest of the tenant (a username such as `dana_fabrikam.example#EXT#@contoso.onmicrosoft.com`),
    /// the address they were invited with, from which Entra made that name: `dana@fabrikam.example`
    /// (the last `_` before `#EXT#` stands for the `@`). Nil for a member of the tenant.
    public var guestEmail: String? {
        guard let username, let marker = username.range(of: "#EXT#", options: .caseInsensitive) else { return nil }
        let local = username[..<marker.lowerBound]
        guard let at = local.lastIndex(of: "_"), at != local.startIndex, local.index(after: at) != local.endIndex else { return nil }
        return local[..<at] + "@" + local[local.index(after: at)...]
    }

    /// The account as MSAL hands it out: with claims only when an id token was issued to this client.
    public func account(claims withClaims: Bool, isSSOAccount: Bool = false, tenantProfiles: Bool = false) -> MSALAccount {
        MSALAccount(
            username: username, homeAccountId: MSALAccountId(identifier: identifier, objectId: objectId, tenantId: tenantId),
            environment: Self.environment, accountClaims: withClaims ? claims : nil, isSSOAccount: isSSOAccount,
            tenantProfiles: tenantProfiles
                ? [MSALTenantProfile(identifier: objectId, tenantId: tenantId, environment: Self.environment, isHomeTenantProfile: true)] : nil)
    }

    /// The account with its claims, as in a token result.
    public var account: MSALAccount { account(claims: true) }

    /// The user's identity markers: found anywhere after sign-out, they are leftovers.
    public var identityMarkers: [String] { labelledIdentityMarkers.map(\.text) }

    /// The identity markers with what each is: the username, the display name, the object id, and
    /// a guest's home address (``guestEmail``), which an app may keep instead of the `#EXT#` name.
    public var labelledIdentityMarkers: [(label: String, text: String)] {
        var markers: [(label: String, text: String)] = []
        if let username { markers.append(("username", username)) }
        markers.append(("display name", displayName))
        markers.append(("object id", objectId))
        if let guestEmail { markers.append(("guest address", guestEmail)) }
        return markers
    }

    private static func nameParts(of displayName: String) -> [String] {
        var parts: [String] = []
        for word in WordMatcher.words(of: displayName) where word.count >= 3 && word.allSatisfy(\.isLetter) && !parts.contains(word) {
            parts.append(word)
        }
        return parts
    }

    /// What a name part is, for evidence: `given name`, `family name`, or `name` for one in between.
    public func role(ofNamePart part: String) -> String {
        let parts = nameParts
        if parts.count == 1 { return "name" }
        if part == parts.first { return "given name" }
        if part == parts.last { return "family name" }
        return "name"
    }

    /// A UUID-shaped string derived from `seed` with FNV-1a, so runs are reproducible.
    static func derivedUUID(seed: String) -> String {
        StableHash.uuid(seed)
    }
}
