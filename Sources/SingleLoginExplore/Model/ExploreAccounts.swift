import SingleLoginSpec

/// The simulated users explored histories use: the catalogue's `alice` and `bob` (same names and
/// values, so that a counterexample pastes into `specs/single-login.json` as it is), a third,
/// `carol`, for histories with more than one change of user, and `carol2`, her namesake (two people
/// called "Carol Chen", as tenants have), so that an app telling users apart by display name is found.
package enum ExploreAccounts {
    /// Every account, in the order histories prefer them (shrinking replaces later ones by earlier ones).
    package static let all: [AccountDefinition] = [
        AccountDefinition(name: "alice", username: "alice.adams@contoso.example", displayName: "Alice Adams"),
        AccountDefinition(name: "bob", username: "bob.brown@contoso.example", displayName: "Bob Brown"),
        AccountDefinition(name: "carol", username: "Carol.Chen@Contoso.example", displayName: "Carol Chen"),
        AccountDefinition(name: "carol2", username: "cchen@contoso.example", displayName: "Carol Chen"),
    ]

    /// The accounts of ``all`` named `name`'s display name too, by account name.
    package static func namesakes(of name: String) -> [String] {
        guard let displayName = all.first(where: { $0.name == name })?.displayName else { return [] }
        return all.filter { $0.name != name && $0.displayName == displayName }.map(\.name)
    }

    /// The names of ``all``.
    package static var names: [String] { all.map(\.name) }

    /// A spec holding only the accounts: what the runner needs to play a history.
    package static let spec = Spec(id: "explore", version: "1.0.0", title: "Explored histories", accounts: all, requirements: [])
}
