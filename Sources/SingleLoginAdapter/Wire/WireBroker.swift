/// A broker whose answers come from the harness over the wire.
struct WireBroker: SharedDeviceBroker {
    let peer: WirePeer

    func getDeviceInformation() async throws -> DeviceInformation {
        try await peer.call(.getDeviceInformation, as: DeviceInformation.self)
    }
    func getCurrentAccount() async throws -> CurrentAccount {
        try await peer.call(.getCurrentAccount, as: CurrentAccount.self)
    }
    func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult {
        try await peer.call(.acquireTokenSilent, parameters, as: MSALResult.self)
    }
    func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult {
        try await peer.call(.acquireToken, parameters, as: MSALResult.self)
    }
    func signout(_ parameters: SignoutParameters) async throws {
        try await peer.call(.signout, parameters)
    }
    func allAccounts() async throws -> [MSALAccount] {
        try await peer.call(.allAccounts, as: WireBrokerShapes.Accounts.self).accounts
    }
    func account(forIdentifier identifier: String) async throws -> MSALAccount? {
        try await peer.call(.accountForIdentifier, WireBrokerShapes.Identifier(identifier: identifier), as: WireBrokerShapes.OptionalAccount.self).account
    }
    func account(forUsername username: String) async throws -> MSALAccount? {
        try await peer.call(.accountForUsername, WireBrokerShapes.Username(username: username), as: WireBrokerShapes.OptionalAccount.self).account
    }
    func removeAccount(identifier: String?) async throws {
        try await peer.call(.removeAccount, WireBrokerShapes.AccountIdentifier(accountIdentifier: identifier))
    }
    func accountsFromDevice() async throws -> [MSALAccount] {
        try await peer.call(.accountsFromDevice, as: WireBrokerShapes.Accounts.self).accounts
    }
}
