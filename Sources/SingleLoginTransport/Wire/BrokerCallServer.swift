import Foundation
import SingleLoginAdapter

/// Answers one of the app's calls that arrived on the wire from the environment's broker and backend:
/// the one place that maps a ``BrokerMethod`` and its params to the typed call and its result.
/// Adding a method to the wire is adding its case to ``BrokerMethod`` and its line here.
enum BrokerCallServer {
    /// The params of the call could not be decoded as the method's params.
    struct InvalidParams: Error {
        /// What was wrong, for the protocol error's message.
        var message: String
    }

    /// The result of `method` called with `params` (the bytes of the request's `params`, `{}` when
    /// absent, decoded once into the method's type); throws ``MSALError`` for answers that are errors.
    static func result(of method: BrokerMethod, params: ArraySlice<UInt8>, environment: AppEnvironment) async throws -> any Encodable & Sendable {
        let broker = environment.broker
        switch method {
        case .getDeviceInformation: return try await broker.getDeviceInformation()
        case .getCurrentAccount: return try await broker.getCurrentAccount()
        case .acquireTokenSilent: return try await broker.acquireTokenSilent(parameters(params))
        case .acquireToken: return try await broker.acquireToken(parameters(params))
        case .signout:
            try await broker.signout(parameters(params))
            return WireEmpty()
        case .allAccounts: return WireBrokerShapes.Accounts(accounts: try await broker.allAccounts())
        case .accountForIdentifier:
            let request: WireBrokerShapes.Identifier = try parameters(params)
            return WireBrokerShapes.OptionalAccount(account: try await broker.account(forIdentifier: request.identifier))
        case .accountForUsername:
            let request: WireBrokerShapes.Username = try parameters(params)
            return WireBrokerShapes.OptionalAccount(account: try await broker.account(forUsername: request.username))
        case .removeAccount:
            let request: WireBrokerShapes.AccountIdentifier = (try? parameters(params)) ?? WireBrokerShapes.AccountIdentifier(accountIdentifier: nil)
            try await broker.removeAccount(identifier: request.accountIdentifier)
            return WireEmpty()
        case .accountsFromDevice: return WireBrokerShapes.Accounts(accounts: try await broker.accountsFromDevice())
        case .fetchRecords:
            let request: WireBrokerShapes.AccessToken = try parameters(params)
            return WireBrokerShapes.Records(records: try await environment.backend.fetchRecords(accessToken: request.accessToken))
        }
    }

    /// The account a silent token call is for (its params' `accountIdentifier`), which a hold may
    /// name; nil for other methods, and for params that do not decode (the call then fails as it would).
    static func accountIdentifier(of method: BrokerMethod, params: ArraySlice<UInt8>) -> String? {
        guard method == .acquireTokenSilent else { return nil }
        let request: WireBrokerShapes.AccountIdentifier? = try? parameters(params)
        return request?.accountIdentifier
    }

    /// The params as `T`, decoded straight from their bytes.
    private static func parameters<T: Decodable>(_ bytes: ArraySlice<UInt8>) throws -> T {
        do { return try WireCodec.decoder.decode(T.self, from: Data(bytes)) } catch {
            throw InvalidParams(message: JSONRPCSession.describe(error))
        }
    }
}
