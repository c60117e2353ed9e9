import Foundation
import SingleLoginCallValues
import SingleLoginSeam

/// The methods a trace names, by the wire names the harness's `BrokerMethod` gives them.
enum RecordedMethod: String {
    case getDeviceInformation, getCurrentAccount, acquireTokenSilent, acquireToken, signout, allAccounts
    case accountForIdentifier, accountForUsername, removeAccount, accountsFromDevice
    /// The app's backend, as the app reports it.
    case fetchRecords
}

/// What the recorder keeps of the seam's values: parameters by the adapter kit's keys, accounts by
/// username and identifier, tokens as digests, errors by domain, code and internal code.
extension RecordingMSALApplication {
    static func silent(_ parameters: MSALSilentTokenParameters) -> RecordedCall.Parameters {
        var recorded = RecordedCall.Parameters()
        recorded.scopes = parameters.scopes
        recorded.accountIdentifier = parameters.account?.identifier
        recorded.forceRefresh = parameters.forceRefresh
        recorded.allowUsingLocalCachedRtWhenSsoExtFailed = parameters.allowUsingLocalCachedRtWhenSsoExtFailed
        return recorded
    }

    static func interactive(_ parameters: MSALInteractiveTokenParameters) -> RecordedCall.Parameters {
        var recorded = RecordedCall.Parameters()
        recorded.scopes = parameters.scopes
        recorded.extraScopesToConsent = parameters.extraScopesToConsent ?? []
        recorded.promptType = parameters.promptType.rawValue
        recorded.loginHint = parameters.loginHint
        recorded.accountIdentifier = parameters.account?.identifier
        recorded.parentInWindow = parameters.webviewParameters.parentInWindow
        return recorded
    }

    static func signout(_ account: MSALAccount, _ parameters: MSALSignoutParameters) -> RecordedCall.Parameters {
        var recorded = RecordedCall.Parameters()
        recorded.accountIdentifier = account.identifier
        recorded.signoutFromBrowser = parameters.signoutFromBrowser
        recorded.wipeAccount = parameters.wipeAccount
        recorded.wipeCacheForAllAccounts = parameters.wipeCacheForAllAccounts
        recorded.hasWebviewParameters = parameters.webviewParameters != nil
        recorded.parentInWindow = parameters.webviewParameters?.parentInWindow ?? true
        return recorded
    }

    static func account(_ account: MSALAccount?) -> RecordedCall.Account? {
        account.map { RecordedCall.Account(username: $0.username, identifier: $0.identifier) }
    }

    static func error(_ error: (any Error)?, _ digest: TokenDigest) -> BrokerCallError? {
        guard let error else { return nil }
        if let error = error as? MSALError {
            return BrokerCallError(
                domain: error.domain, code: error.code, internalCode: error.internalCode, message: digest.redact(error.message),
                declinedScopes: error.declinedScopes)
        }
        let bridged = error as NSError
        return BrokerCallError(domain: bridged.domain, code: bridged.code, message: digest.redact(bridged.localizedDescription))
    }

    static func token(_ method: RecordedMethod, _ parameters: RecordedCall.Parameters, _ result: MSALResult?, _ error: (any Error)?, _ digest: TokenDigest)
        -> RecordedCall
    {
        var recorded = RecordedCall(method: method.rawValue, parameters: parameters, error: Self.error(error, digest))
        if let result, error == nil {
            var value = RecordedCall.Result()
            value.account = account(result.account)
            value.accessToken = digest.digest(result.accessToken)
            value.idToken = result.idToken.flatMap { $0.isEmpty ? nil : digest.digest($0) }
            value.scopes = result.scopes
            recorded.result = value
        }
        return recorded
    }

    static func currentAccount(_ current: MSALAccount?, _ previous: MSALAccount?, _ error: (any Error)?, _ digest: TokenDigest) -> RecordedCall {
        var recorded = RecordedCall(method: RecordedMethod.getCurrentAccount.rawValue, error: Self.error(error, digest))
        if error == nil {
            var value = RecordedCall.Result()
            value.account = account(current)
            value.previousAccount = account(previous)
            recorded.result = value
        }
        return recorded
    }

    static func signedOut(_ parameters: RecordedCall.Parameters, _ success: Bool, _ error: (any Error)?, _ digest: TokenDigest) -> RecordedCall {
        var recorded = RecordedCall(method: RecordedMethod.signout.rawValue, parameters: parameters, error: Self.error(error, digest))
        if error == nil {
            var value = RecordedCall.Result()
            value.signedOut = success
            recorded.result = value
        }
        return recorded
    }

    static func deviceInformation(_ information: DeviceInformation?, _ error: (any Error)?, _ digest: TokenDigest) -> RecordedCall {
        var recorded = RecordedCall(method: RecordedMethod.getDeviceInformation.rawValue, error: Self.error(error, digest))
        if let information {
            // MSAL hands over a default-mode object beside an SSO-extension error: kept, for the report's broker facts.
            var value = RecordedCall.Result()
            value.deviceMode = information.deviceMode.rawValue
            value.hasAADSSOExtension = information.hasAADSSOExtension
            value.extraDeviceInformation = information.extraDeviceInformation
            recorded.result = value
        }
        return recorded
    }

    static func accounts(
        _ method: RecordedMethod, _ parameters: RecordedCall.Parameters, _ accounts: [MSALAccount]?, _ error: (any Error)?, _ digest: TokenDigest
    )
        -> RecordedCall
    {
        var recorded = RecordedCall(method: method.rawValue, parameters: parameters, error: Self.error(error, digest))
        if let accounts, error == nil {
            var value = RecordedCall.Result()
            value.accounts = accounts.compactMap(account)
            recorded.result = value
        }
        return recorded
    }

    static func account(_ method: RecordedMethod, _ parameters: RecordedCall.Parameters, _ found: MSALAccount?, _ error: (any Error)?, _ digest: TokenDigest)
        -> RecordedCall
    {
        var recorded = RecordedCall(method: method.rawValue, parameters: parameters, error: Self.error(error, digest))
        if error == nil {
            var value = RecordedCall.Result()
            value.account = account(found)
            recorded.result = value
        }
        return recorded
    }
}
