import SingleLoginAdapter

/// A ``SharedDeviceBroker`` that calls through the MSAL seam: how the stand-in puts the recorder
/// between an app written against the broker protocol (the reference app) and the simulated broker,
/// where a real app has it between its code and real MSAL.
struct SeamBroker: SharedDeviceBroker {
    let msal: any MSALPublicClientApplicationProtocol

    func getDeviceInformation() async throws -> DeviceInformation { try await msal.getDeviceInformation(with: nil) }

    func getCurrentAccount() async throws -> CurrentAccount {
        let (account, previous) = try await msal.getCurrentAccount(with: nil)
        return CurrentAccount(account: account, previousAccount: previous)
    }

    func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult {
        let seam = MSALSilentTokenParameters(scopes: parameters.scopes, account: Self.noAccount)
        seam.account = Self.account(parameters.accountIdentifier)
        seam.forceRefresh = parameters.forceRefresh
        seam.allowUsingLocalCachedRtWhenSsoExtFailed = parameters.allowUsingLocalCachedRtWhenSsoExtFailed
        return try await msal.acquireTokenSilent(with: seam)
    }

    func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult {
        let seam = MSALInteractiveTokenParameters(
            scopes: parameters.scopes, webviewParameters: MSALWebviewParameters(parentInWindow: parameters.parentInWindow))
        seam.extraScopesToConsent = parameters.extraScopesToConsent
        seam.promptType = parameters.promptType
        seam.loginHint = parameters.loginHint
        seam.account = Self.account(parameters.accountIdentifier)
        return try await msal.acquireToken(with: seam)
    }

    func signout(_ parameters: SignoutParameters) async throws {
        let seam =
            parameters.hasWebviewParameters
            ? MSALSignoutParameters(webviewParameters: MSALWebviewParameters(parentInWindow: parameters.parentInWindow)) : MSALSignoutParameters()
        seam.signoutFromBrowser = parameters.signoutFromBrowser
        seam.wipeAccount = parameters.wipeAccount
        seam.wipeCacheForAllAccounts = parameters.wipeCacheForAllAccounts
        _ = try await msal.signout(with: Self.account(parameters.accountIdentifier) ?? Self.noAccount, signoutParameters: seam)
    }

    func allAccounts() async throws -> [MSALAccount] { try await msal.allAccounts() }

    func account(forIdentifier identifier: String) async throws -> MSALAccount? { try? await msal.account(forIdentifier: identifier) }

    func account(forUsername username: String) async throws -> MSALAccount? { try? await msal.account(forUsername: username) }

    func removeAccount(identifier: String?) async throws {
        try await msal.remove(Self.account(identifier) ?? Self.noAccount)
    }

    func accountsFromDevice() async throws -> [MSALAccount] { try await msal.accountsFromDevice(for: MSALAccountEnumerationParameters()) }

    /// What stands for "no account" where the seam's signature takes one (MSAL's nil).
    static let noAccount = MSALAccount(username: nil, homeAccountId: nil)

    /// The account an identifier names, as an app passes it back to MSAL.
    static func account(_ identifier: String?) -> MSALAccount? {
        identifier.map { MSALAccount(username: nil, homeAccountId: MSALAccountId(parsing: $0)) }
    }
}
