// A stub of MSAL's Swift interface, as the Clang importer presents MSAL 2.x's Objective-C headers
// (MSAL/src/public/*.h): only the declarations the seam's conformance file and Examples/SeamApp use,
// with their exact Swift names, optionality and completion-block types. It lets Linux CI type-check
// Examples/ShiftBoard-vendor/Sources/ShiftBoard/LiveMSALApplication.swift, which otherwise compiles
// only where the real MSAL is (see .ci/checks/msal-seam.sh), and SeamApp's MSAL branch
// (.ci/checks/seam-app.sh, beside the UIKit stub). Nothing here runs.
import Foundation
#if canImport(UIKit)
import UIKit
#endif

// MSAL's userInfo keys (`extern NSString *MSALInternalErrorCodeKey;` ...) are not declared here on
// purpose: Swift 6 refuses to read such imported mutable globals ("not concurrency-safe"), so the
// conformance file uses their string values, which are the constants' names (MSAL/src/MSALError.m).

/// `typedef NS_ENUM(NSInteger, MSALError)`.
public enum MSALError: Int {
    case `internal` = -50000, workplaceJoinRequired = -50001, interactionRequired = -50002, serverDeclinedScopes = -50003
    case serverProtectionPoliciesRequired = -50004, userCanceled = -50005, serverError = -50006
}

/// `typedef NS_ENUM(NSUInteger, MSALPromptType)`.
public enum MSALPromptType: UInt {
    case selectAccount = 0, login, consent, create, promptIfNecessary
    public static var `default`: MSALPromptType { .promptIfNecessary }
}

/// `typedef NS_ENUM(NSUInteger, MSALDeviceMode)`.
public enum MSALDeviceMode: UInt {
    case `default` = 0, shared = 1
}

public typealias MSALCompletionBlock = (MSALResult?, (any Error)?) -> Void
public typealias MSALCurrentAccountCompletionBlock = (MSALAccount?, MSALAccount?, (any Error)?) -> Void
public typealias MSALSignoutCompletionBlock = (Bool, (any Error)?) -> Void
public typealias MSALDeviceInformationCompletionBlock = (MSALDeviceInformation?, (any Error)?) -> Void
public typealias MSALAccountsCompletionBlock = ([MSALAccount]?, (any Error)?) -> Void

open class MSALAccountId: NSObject {
    open var identifier: String { "" }
    open var objectId: String? { nil }
    open var tenantId: String? { nil }
}

open class MSALTenantProfile: NSObject {
    open var identifier: String? { nil }
    open var environment: String? { nil }
    open var tenantId: String? { nil }
    open var isHomeTenantProfile: Bool { false }
    open var claims: [String: Any]? { nil }
}

open class MSALAccount: NSObject {
    open var username: String? { nil }
    open var identifier: String? { nil }
    open var environment: String { "" }
    open var accountClaims: [String: Any]? { nil }
    open var tenantProfiles: [MSALTenantProfile]? { nil }
    open var homeAccountId: MSALAccountId? { nil }
    open var isSSOAccount: Bool { false }
}

open class MSALAuthority: NSObject {
    open var url: URL { URL(fileURLWithPath: "/") }
}

open class MSALResult: NSObject {
    open var accessToken: String { "" }
    open var expiresOn: Date? { nil }
    open var idToken: String? { nil }
    open var scopes: [String] { [] }
    open var tenantProfile: MSALTenantProfile { MSALTenantProfile() }
    open var account: MSALAccount { MSALAccount() }
    open var authority: MSALAuthority { MSALAuthority() }
    open var correlationId: UUID { UUID() }
}

open class MSALDeviceInformation: NSObject {
    open var deviceMode: MSALDeviceMode { .default }
    open var hasAADSSOExtension: Bool { false }
    open var extraDeviceInformation: [AnyHashable: Any] { [:] }
}

open class MSALParameters: NSObject {
    open var completionBlockQueue: DispatchQueue?
}

open class MSALAccountEnumerationParameters: MSALParameters {
    open var identifier: String? { nil }
    open var username: String? { nil }
    open var returnOnlySignedInAccounts = true
    public init(identifier: String) {}
    public override init() {}
}

open class MSALTokenParameters: MSALParameters {
    open var scopes: [String]
    open var account: MSALAccount?
    public init(scopes: [String]) { self.scopes = scopes }
}

open class MSALSilentTokenParameters: MSALTokenParameters {
    open var forceRefresh = false
    open var allowUsingLocalCachedRtWhenSsoExtFailed = true
    public init(scopes: [String], account: MSALAccount) {
        super.init(scopes: scopes)
        self.account = account
    }
}

open class MSALWebviewParameters: NSObject {
    #if canImport(UIKit)
    public init(authPresentationViewController: UIViewController) {}
    #endif
}

open class MSALInteractiveTokenParameters: MSALTokenParameters {
    open var promptType: MSALPromptType = .default
    open var loginHint: String?
    open var extraScopesToConsent: [String]?
    open var webviewParameters: MSALWebviewParameters
    public init(scopes: [String], webviewParameters: MSALWebviewParameters) {
        self.webviewParameters = webviewParameters
        super.init(scopes: scopes)
    }
}

open class MSALSignoutParameters: MSALParameters {
    open var webviewParameters: MSALWebviewParameters?
    open var signoutFromBrowser = false
    open var wipeAccount = false
    open var wipeCacheForAllAccounts = false
    public init(webviewParameters: MSALWebviewParameters) { self.webviewParameters = webviewParameters }
    public override init() {}
}

/// `MSALAADAuthority(url:) throws`: an Entra ID authority (Examples/SeamApp creates one).
open class MSALAADAuthority: MSALAuthority {
    public init(url: URL) throws {}
}

/// `MSALPublicClientApplicationConfig(clientId:redirectUri:authority:)`.
open class MSALPublicClientApplicationConfig: NSObject {
    public init(clientId: String, redirectUri: String?, authority: MSALAuthority?) {}
}

open class MSALPublicClientApplication: NSObject {
    public init(configuration: MSALPublicClientApplicationConfig) throws {}
    open func acquireTokenSilent(with parameters: MSALSilentTokenParameters, completionBlock: @escaping MSALCompletionBlock) {}
    open func acquireToken(with parameters: MSALInteractiveTokenParameters, completionBlock: @escaping MSALCompletionBlock) {}
    open func getCurrentAccount(with parameters: MSALParameters?, completionBlock: @escaping MSALCurrentAccountCompletionBlock) {}
    open func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters, completionBlock: @escaping MSALSignoutCompletionBlock) {}
    open func getDeviceInformation(with parameters: MSALParameters?, completionBlock: @escaping MSALDeviceInformationCompletionBlock) {}
    open func accountsFromDevice(for parameters: MSALAccountEnumerationParameters, completionBlock: @escaping MSALAccountsCompletionBlock) {}
    open func allAccounts() throws -> [MSALAccount] { [] }
    open func account(forIdentifier identifier: String) throws -> MSALAccount { MSALAccount() }
    open func account(forUsername username: String) throws -> MSALAccount { MSALAccount() }
    open func remove(_ account: MSALAccount) throws {}
}
