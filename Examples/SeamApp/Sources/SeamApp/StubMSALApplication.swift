import SingleLoginSeam

/// What MSAL answers on a shared device where nobody is signed in, for a build without MSAL: the
/// device is shared and has the SSO extension, there is no current account, a silent token needs
/// interaction, and the sign-in sheet cannot be shown (there is no MSAL to show it).
struct StubMSALApplication: MSALPublicClientApplicationProtocol {
    private static let noMSAL = MSALError(
        code: MSALError.Code.internalError.rawValue, internalCode: MSALError.InternalCode.unexpected.rawValue,
        message: "This build has no MSAL: add Microsoft's MSAL package to the app target to sign in.")

    func acquireTokenSilent(with parameters: MSALSilentTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void) {
        completionBlock(nil, MSALError.interactionRequired)
    }

    func acquireToken(with parameters: MSALInteractiveTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void) {
        completionBlock(nil, Self.noMSAL)
    }

    func getCurrentAccount(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALAccount?, MSALAccount?, (any Error)?) -> Void) {
        completionBlock(nil, nil, nil)
    }

    func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters, completionBlock: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        completionBlock(false, MSALError.invalidParameter("Account is required: nobody is signed in."))
    }

    func getDeviceInformation(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALDeviceInformation?, (any Error)?) -> Void) {
        completionBlock(MSALDeviceInformation(deviceMode: .shared, hasAADSSOExtension: true, extraDeviceInformation: ["isSSOExtensionInFullMode": "Yes"]), nil)
    }

    func accountsFromDevice(for parameters: MSALAccountEnumerationParameters, completionBlock: @escaping @Sendable ([MSALAccount]?, (any Error)?) -> Void) {
        completionBlock([], nil)
    }

    func allAccounts() async throws -> [MSALAccount] { [] }

    func account(forIdentifier identifier: String) async throws -> MSALAccount { throw Self.noMatch("identifier", identifier) }

    func account(forUsername username: String) async throws -> MSALAccount { throw Self.noMatch("username", username) }

    func remove(_ account: MSALAccount) async throws {}

    /// As MSAL's Swift import throws when the cache has no such account (it returned nil).
    private static func noMatch(_ field: String, _ value: String) -> MSALError {
        MSALError(domain: "Foundation._GenericObjCError", code: 0, message: "No account in the app's MSAL cache has the \(field) '\(value)'.")
    }
}
