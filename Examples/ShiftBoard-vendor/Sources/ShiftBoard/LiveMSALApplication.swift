// The MSAL seam on the device: real MSAL answers the app's calls. Copy this file unchanged into
// your app's target (it compiles only where `import MSAL` works, so it is a no-op on Linux and in
// packages without MSAL), then give your app `LiveMSALApplication(application: yourPublicClientApplication)`
// where tests give it `HarnessMSALApplication(broker:)`. See docs/in-process.md of sl-conformance.
#if canImport(MSAL)
import Foundation
import MSAL
import SingleLoginSeam

// MSAL and the kit name their types alike: public signatures spell the kit's out, bodies use these names.
private typealias KitAccount = SingleLoginSeam.MSALAccount
private typealias KitResult = SingleLoginSeam.MSALResult
private typealias KitError = SingleLoginSeam.MSALError
private typealias KitParameters = SingleLoginSeam.MSALParameters
private typealias KitSilentParameters = SingleLoginSeam.MSALSilentTokenParameters
private typealias KitInteractiveParameters = SingleLoginSeam.MSALInteractiveTokenParameters
private typealias KitSignoutParameters = SingleLoginSeam.MSALSignoutParameters
private typealias KitDeviceInformation = SingleLoginSeam.DeviceInformation
private typealias KitAccountId = SingleLoginSeam.MSALAccountId
private typealias KitTenantProfile = SingleLoginSeam.MSALTenantProfile

/// `MSALPublicClientApplicationProtocol` on real MSAL: converts the kit's parameters into MSAL's,
/// and MSAL's accounts, results, device information and `NSError`s into the kit's types.
///
/// MSAL's accounts cannot be created by an app, so every `MSALAccount` MSAL hands over is kept,
/// by identifier, to be handed back when the app names that account again (silent sign-in,
/// sign-out); an account it has never seen is looked up in MSAL's cache.
///
/// Sendable: `application` is created once and MSAL serves calls from any thread (it picks its
/// completion queues itself, see `MSALParameters.completionBlockQueue`); the only mutable state,
/// `accounts`, is guarded by `lock`.
public final class LiveMSALApplication: MSALPublicClientApplicationProtocol, @unchecked Sendable {
    /// The MSAL application every call goes to.
    public let application: MSALPublicClientApplication
    private let lock = NSLock()
    private var accounts: [String: MSAL.MSALAccount] = [:]

    /// Routes every call to `application`.
    public init(application: MSALPublicClientApplication) {
        self.application = application
    }

    public func acquireTokenSilent(
        with parameters: SingleLoginSeam.MSALSilentTokenParameters,
        completionBlock: @escaping @Sendable (SingleLoginSeam.MSALResult?, (any Error)?) -> Void
    ) {
        // MSAL's initializer takes a non-nil account; without one MSAL answers InteractionRequired.
        guard let account = parameters.account, let msalAccount = msalAccount(for: account) else {
            completionBlock(nil, KitError(code: KitError.Code.interactionRequired.rawValue, message: "No account provided for the silent request."))
            return
        }
        let msalParameters = MSAL.MSALSilentTokenParameters(scopes: parameters.scopes, account: msalAccount)
        msalParameters.forceRefresh = parameters.forceRefresh
        msalParameters.allowUsingLocalCachedRtWhenSsoExtFailed = parameters.allowUsingLocalCachedRtWhenSsoExtFailed
        msalParameters.completionBlockQueue = parameters.completionBlockQueue
        application.acquireTokenSilent(with: msalParameters) { result, error in
            completionBlock(result.map(self.kitResult), error.map { self.kitError($0) })
        }
    }

    public func acquireToken(
        with parameters: SingleLoginSeam.MSALInteractiveTokenParameters,
        completionBlock: @escaping @Sendable (SingleLoginSeam.MSALResult?, (any Error)?) -> Void
    ) {
        guard let webview = Self.msalWebview(parameters.webviewParameters) else {
            completionBlock(nil, Self.invalidParameter("MSALWebviewParameters need a presenting view controller on the device."))
            return
        }
        // Made here, used only on the main queue below, never touched again here.
        nonisolated(unsafe) let msalParameters = MSAL.MSALInteractiveTokenParameters(scopes: parameters.scopes, webviewParameters: webview)
        msalParameters.promptType = Self.msalPromptType(parameters.promptType)
        msalParameters.loginHint = parameters.loginHint
        msalParameters.extraScopesToConsent = parameters.extraScopesToConsent
        msalParameters.account = parameters.account.flatMap(msalAccount)
        msalParameters.completionBlockQueue = parameters.completionBlockQueue
        // MSAL presents its sheet from the main thread.
        DispatchQueue.main.async {
            self.application.acquireToken(with: msalParameters) { result, error in
                completionBlock(result.map(self.kitResult), error.map { self.kitError($0) })
            }
        }
    }

    public func getCurrentAccount(
        with parameters: SingleLoginSeam.MSALParameters?,
        completionBlock: @escaping @Sendable (SingleLoginSeam.MSALAccount?, SingleLoginSeam.MSALAccount?, (any Error)?) -> Void
    ) {
        application.getCurrentAccount(with: Self.msalParameters(parameters)) { account, previousAccount, error in
            completionBlock(account.map(self.kitAccount), previousAccount.map(self.kitAccount), error.map { self.kitError($0) })
        }
    }

    public func signout(
        with account: SingleLoginSeam.MSALAccount, signoutParameters: SingleLoginSeam.MSALSignoutParameters,
        completionBlock: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        guard let msalAccount = msalAccount(for: account) else {
            completionBlock(
                false, Self.invalidParameter("Account is required: MSAL does not know \(account.identifier ?? account.username ?? "this account")."))
            return
        }
        let msalParameters: MSAL.MSALSignoutParameters
        if let webview = signoutParameters.webviewParameters {
            guard let msalWebview = Self.msalWebview(webview) else {
                completionBlock(false, Self.invalidParameter("MSALWebviewParameters need a presenting view controller on the device."))
                return
            }
            msalParameters = MSAL.MSALSignoutParameters(webviewParameters: msalWebview)
        } else {
            msalParameters = MSAL.MSALSignoutParameters()
        }
        msalParameters.signoutFromBrowser = signoutParameters.signoutFromBrowser
        msalParameters.wipeAccount = signoutParameters.wipeAccount
        msalParameters.wipeCacheForAllAccounts = signoutParameters.wipeCacheForAllAccounts
        msalParameters.completionBlockQueue = signoutParameters.completionBlockQueue
        application.signout(with: msalAccount, signoutParameters: msalParameters) { success, error in
            completionBlock(success, error.map { self.kitError($0) })
        }
    }

    public func getDeviceInformation(
        with parameters: SingleLoginSeam.MSALParameters?, completionBlock: @escaping @Sendable (SingleLoginSeam.DeviceInformation?, (any Error)?) -> Void
    ) {
        application.getDeviceInformation(with: Self.msalParameters(parameters)) { information, error in
            // When the SSO extension fails MSAL hands over a default-mode object and the error together;
            // the error keeps it too, for the async form, which throws.
            let converted = information.map(Self.kitDeviceInformation)
            completionBlock(converted, error.map { self.kitError($0, deviceInformation: converted) })
        }
    }

    public func accountsFromDevice(
        for parameters: SingleLoginSeam.MSALAccountEnumerationParameters,
        completionBlock: @escaping @Sendable ([SingleLoginSeam.MSALAccount]?, (any Error)?) -> Void
    ) {
        let msalParameters = MSAL.MSALAccountEnumerationParameters()
        msalParameters.returnOnlySignedInAccounts = parameters.returnOnlySignedInAccounts
        msalParameters.completionBlockQueue = parameters.completionBlockQueue
        application.accountsFromDevice(for: msalParameters) { accounts, error in
            completionBlock(accounts.map { $0.map(self.kitAccount) }, error.map { self.kitError($0) })
        }
    }

    // MARK: The app's own MSAL cache (synchronous in MSAL)

    public func allAccounts() async throws -> [SingleLoginSeam.MSALAccount] {
        do { return try application.allAccounts().map(kitAccount) } catch { throw kitError(error) }
    }

    public func account(forIdentifier identifier: String) async throws -> SingleLoginSeam.MSALAccount {
        do { return kitAccount(try application.account(forIdentifier: identifier)) } catch { throw kitError(error) }
    }

    public func account(forUsername username: String) async throws -> SingleLoginSeam.MSALAccount {
        do { return kitAccount(try application.account(forUsername: username)) } catch { throw kitError(error) }
    }

    public func remove(_ account: SingleLoginSeam.MSALAccount) async throws {
        guard let msalAccount = msalAccount(for: account) else { return }
        do { try application.remove(msalAccount) } catch { throw kitError(error) }
    }

    // MARK: Accounts: MSAL's objects kept by identifier

    private func remember(_ account: MSAL.MSALAccount) {
        guard let identifier = account.identifier else { return }
        lock.lock()
        accounts[identifier] = account
        lock.unlock()
    }

    private func msalAccount(for account: KitAccount) -> MSAL.MSALAccount? {
        guard let identifier = account.identifier else { return nil }
        lock.lock()
        let known = accounts[identifier]
        lock.unlock()
        return known ?? (try? application.account(forIdentifier: identifier))
    }

    // MARK: MSAL's objects into the kit's types

    private func kitAccount(_ account: MSAL.MSALAccount) -> KitAccount {
        remember(account)
        // The identifier is opaque: MSAL's, whatever its form.
        let homeAccountId = (account.homeAccountId?.identifier ?? account.identifier).map {
            KitAccountId(identifier: $0, objectId: account.homeAccountId?.objectId, tenantId: account.homeAccountId?.tenantId)
        }
        let claims = account.accountClaims.map { $0.reduce(into: [String: String]()) { claims, claim in claims[claim.key] = "\(claim.value)" } }
        let profiles = account.tenantProfiles?.map {
            KitTenantProfile(
                identifier: $0.identifier ?? "", tenantId: $0.tenantId ?? "", environment: $0.environment ?? account.environment,
                isHomeTenantProfile: $0.isHomeTenantProfile)
        }
        return KitAccount(
            username: account.username, homeAccountId: homeAccountId, environment: account.environment, accountClaims: claims,
            isSSOAccount: account.isSSOAccount, tenantProfiles: profiles)
    }

    private func kitResult(_ result: MSAL.MSALResult) -> KitResult {
        KitResult(
            accessToken: result.accessToken, idToken: result.idToken, expiresOn: result.expiresOn, scopes: result.scopes, account: kitAccount(result.account),
            tenantId: result.tenantProfile.tenantId ?? "", correlationId: result.correlationId.uuidString, authority: result.authority.url.absoluteString)
    }

    private static func kitDeviceInformation(_ information: MSAL.MSALDeviceInformation) -> KitDeviceInformation {
        let extra = information.extraDeviceInformation.reduce(into: [String: String]()) { extra, entry in extra["\(entry.key)"] = "\(entry.value)" }
        return KitDeviceInformation(
            deviceMode: information.deviceMode == .shared ? .shared : .default, hasAADSSOExtension: information.hasAADSSOExtension,
            extraDeviceInformation: extra)
    }

    /// MSAL's `NSError` as the kit's ``MSALError``: domain, code and the userInfo an app acts on
    /// (`MSALInternalErrorCodeKey`, `MSALErrorDescriptionKey` or Foundation's text, granted and
    /// declined scopes and the result issued anyway for -50003, `MSALOAuthErrorKey`,
    /// `MSALCorrelationIDKey`). The keys are spelt out: each key's value is its constant's name, and
    /// Swift 6 refuses to read MSAL's `extern NSString *` constants, imported as shared mutable state.
    private func kitError(_ error: any Error, deviceInformation: KitDeviceInformation? = nil) -> any Error {
        let error = error as NSError
        let info = error.userInfo
        return KitError(
            domain: error.domain, code: error.code, internalCode: (info["MSALInternalErrorCodeKey"] as? NSNumber)?.intValue,
            message: info["MSALErrorDescriptionKey"] as? String ?? error.localizedDescription,
            grantedScopes: info["MSALGrantedScopesKey"] as? [String], declinedScopes: info["MSALDeclinedScopesKey"] as? [String],
            invalidResult: (info["MSALInvalidResultKey"] as? MSAL.MSALResult).map(kitResult), deviceInformation: deviceInformation,
            oauthError: info["MSALOAuthErrorKey"] as? String, correlationId: info["MSALCorrelationIDKey"] as? String)
    }

    // MARK: The kit's parameters into MSAL's

    private static func msalParameters(_ parameters: KitParameters?) -> MSAL.MSALParameters? {
        guard let parameters else { return nil }
        let msalParameters = MSAL.MSALParameters()
        msalParameters.completionBlockQueue = parameters.completionBlockQueue
        return msalParameters
    }

    private static func msalWebview(_ parameters: SingleLoginSeam.MSALWebviewParameters) -> MSAL.MSALWebviewParameters? {
        #if canImport(UIKit) || canImport(AppKit)
        guard let controller = parameters.parentViewController else { return nil }
        return MSAL.MSALWebviewParameters(authPresentationViewController: controller)
        #else
        return nil
        #endif
    }

    private static func msalPromptType(_ promptType: SingleLoginSeam.PromptType) -> MSAL.MSALPromptType {
        switch promptType {
        case .selectAccount: .selectAccount
        case .login: .login
        case .consent: .consent
        case .create: .create
        case .promptIfNecessary: .promptIfNecessary
        }
    }

    /// -50000 with internal -42000 (MSALInternalErrorInvalidParameter), as MSAL reports a bad parameter.
    private static func invalidParameter(_ message: String) -> KitError {
        KitError(code: KitError.Code.internalError.rawValue, internalCode: -42000, message: message)
    }
}
#endif
