import Foundation
import SingleLoginAdapter

/// Answers one of the app's calls that arrived on the wire from the environment's broker and backend:
/// the one place that maps a ``BrokerMethod`` and its params line to the typed call and its result.
enum BrokerCallServer {
    /// The params of the call could not be decoded as the method's params.
    struct InvalidParams: Error {
        /// What was wrong, for the protocol error's message.
        var message: String
    }

    /// The result of `method` called with the params in `line`; throws ``MSALError`` for answers that are errors.
    static func result(of method: BrokerMethod, line: Data, environment: AppEnvironment) async throws -> any Encodable & Sendable {
        let broker = environment.broker
        switch method {
        case .getDeviceInformation: return try await broker.getDeviceInformation()
        case .getCurrentAccount: return try await broker.getCurrentAccount()
        case .acquireTokenSilent: return try await broker.acquireTokenSilent(parameters(line))
        case .acquireToken: return try await broker.acquireToken(parameters(line))
        case .signout:
            try await broker.signout(parameters(line))
            return WireEmpty()
        case .allAccounts: return WireBrokerShapes.Accounts(accounts: try await broker.allAccounts())
        case .accountForIdentifier:
            let params: WireBrokerShapes.Identifier = try parameters(line)
            return WireBrokerShapes.OptionalAccount(account: try await broker.account(forIdentifier: params.identifier))
        case .accountForUsername:
            let params: WireBrokerShapes.Username = try parameters(line)
            return WireBrokerShapes.OptionalAccount(account: try await broker.account(forUsername: params.username))
        case .removeAccount:
            let params: WireBrokerShapes.AccountIdentifier = (try? parameters(line)) ?? WireBrokerShapes.AccountIdentifier(accountIdentifier: nil)
            try await broker.removeAccount(identifier: params.accountIdentifier)
            return WireEmpty()
        case .accountsFromDevice: return WireBrokerShapes.Accounts(accounts: try await broker.accountsFromDevice())
        case .fetchRecords:
            let params: WireBrokerShapes.AccessToken = try parameters(line)
            return WireBrokerShapes.Records(records: try await environment.backend.fetchRecords(accessToken: params.accessToken))
        }
    }

    /// The request's params as `T`, decoded straight from its line.
    private static func parameters<T: Decodable>(_ line: Data) throws -> T {
        do { return try WireCodec.decoder.decode(WireParams<T>.self, from: line).params } catch {
            throw InvalidParams(message: "\(StdioConnection.describe(error)) in \(StdioConnection.excerpt(line))")
        }
    }
}
