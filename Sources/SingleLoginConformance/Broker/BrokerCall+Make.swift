import SingleLoginAdapter
import SingleLoginEvents

extension BrokerCall {
    /// Makes the call; its answer, an error included, is in the broker's transcript (``BrokerReplay``).
    func make(on broker: SimulatedBroker) async {
        switch self {
        case .getDeviceInformation: _ = try? await broker.getDeviceInformation()
        case .getCurrentAccount: _ = try? await broker.getCurrentAccount()
        case .acquireTokenSilent(let parameters): _ = try? await broker.acquireTokenSilent(parameters)
        case .acquireToken(let parameters): _ = try? await broker.acquireToken(parameters)
        case .signout(let parameters): try? await broker.signout(parameters)
        case .allAccounts: _ = try? await broker.allAccounts()
        case .accountForIdentifier(let identifier): _ = try? await broker.account(forIdentifier: identifier)
        case .accountForUsername(let username): _ = try? await broker.account(forUsername: username)
        case .removeAccount(let identifier): try? await broker.removeAccount(identifier: identifier)
        case .accountsFromDevice: _ = try? await broker.accountsFromDevice()
        case .fetchRecords(let token): _ = try? await broker.fetchRecords(accessToken: token)
        }
    }
}
