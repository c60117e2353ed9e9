import Foundation
@testable import SingleLoginAdapter
import Testing

/// A broker that records what it was asked and answers from a script.
final class ScriptedBroker: SharedDeviceBroker {
    let calls = Locked<[String]>([])
    let alice = MSALAccount(username: "alice@contoso.example", objectId: "oid-a", tenantId: "tid")
    let silentError: MSALError?

    init(silentError: MSALError? = nil) { self.silentError = silentError }

    func log(_ call: String) { calls.withLock { $0.append(call) } }
    func result(_ scopes: [String]) -> MSALResult {
        MSALResult(
            accessToken: "at", idToken: "it", expiresOn: nil, scopes: scopes, account: alice, tenantId: "tid", correlationId: "c",
            authority: "https://login.microsoftonline.com/tid")
    }

    func getDeviceInformation() async throws -> DeviceInformation {
        log("getDeviceInformation")
        return DeviceInformation(deviceMode: .shared, hasAADSSOExtension: true)
    }
    func getCurrentAccount() async throws -> CurrentAccount {
        log("getCurrentAccount")
        return CurrentAccount(account: alice, previousAccount: nil)
    }
    func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult {
        log(
            "acquireTokenSilent \(parameters.scopes) \(parameters.accountIdentifier ?? "nil") force=\(parameters.forceRefresh) localRt=\(parameters.allowUsingLocalCachedRtWhenSsoExtFailed)"
        )
        if let silentError { throw silentError }
        return result(parameters.scopes)
    }
    func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult {
        log(
            "acquireToken \(parameters.scopes) extra=\(parameters.extraScopesToConsent) prompt=\(parameters.promptType) hint=\(parameters.loginHint ?? "-") account=\(parameters.accountIdentifier ?? "nil")"
        )
        return result(parameters.scopes)
    }
    func signout(_ parameters: SignoutParameters) async throws {
        log(
            "signout \(parameters.accountIdentifier ?? "nil") browser=\(parameters.signoutFromBrowser) wipe=\(parameters.wipeAccount) all=\(parameters.wipeCacheForAllAccounts) webview=\(parameters.hasWebviewParameters)"
        )
    }
    func allAccounts() async throws -> [MSALAccount] {
        log("allAccounts")
        return [alice]
    }
    func account(forIdentifier identifier: String) async throws -> MSALAccount? {
        log("account(forIdentifier: \(identifier))")
        return identifier == alice.identifier ? alice : nil
    }
    func account(forUsername username: String) async throws -> MSALAccount? {
        log("account(forUsername: \(username))")
        return nil
    }
    func removeAccount(identifier: String?) async throws {
        log("removeAccount \(identifier ?? "nil")")
    }
    func accountsFromDevice() async throws -> [MSALAccount] {
        log("accountsFromDevice")
        return [alice]
    }
}

@Suite("The MSAL seam over a broker: MSAL's names and parameters in, the broker's calls out")
struct HarnessMSALApplicationTests {
    @Test("the async forms pass MSAL's parameters to the broker and return its answers")
    func asyncForms() async throws {
        let broker = ScriptedBroker()
        let msal: any MSALPublicClientApplicationProtocol = HarnessMSALApplication(broker: broker)
        let device = try await msal.getDeviceInformation(with: nil)
        #expect(device.deviceMode == .shared)
        let (account, previous) = try await msal.getCurrentAccount(with: MSALParameters())
        #expect(account?.identifier == "oid-a.tid" && previous == nil)
        let silent = MSALSilentTokenParameters(scopes: ["User.Read"], account: try #require(account))
        silent.forceRefresh = true
        #expect(try await msal.acquireTokenSilent(with: silent).scopes == ["User.Read"])
        let interactive = MSALInteractiveTokenParameters(scopes: ["User.Read"], webviewParameters: MSALWebviewParameters())
        interactive.promptType = .login
        interactive.loginHint = "alice@contoso.example"
        interactive.extraScopesToConsent = ["Tasks.Read"]
        _ = try await msal.acquireToken(with: interactive)
        let signout = MSALSignoutParameters(webviewParameters: MSALWebviewParameters())
        signout.wipeAccount = true
        #expect(try await msal.signout(with: try #require(account), signoutParameters: signout))
        #expect(try await msal.allAccounts().map(\.username) == ["alice@contoso.example"])
        #expect(try await msal.account(forIdentifier: "oid-a.tid").username == "alice@contoso.example")
        await #expect(throws: MSALError.self, "no match throws, as Swift imports MSAL's nil") { try await msal.account(forUsername: "bob@contoso.example") }
        try await msal.remove(try #require(account))
        #expect(try await msal.accountsFromDevice(for: MSALAccountEnumerationParameters()).count == 1)
        #expect(
            broker.calls.withLock { $0 } == [
                "getDeviceInformation", "getCurrentAccount",
                "acquireTokenSilent [\"User.Read\"] oid-a.tid force=true localRt=true",
                "acquireToken [\"User.Read\"] extra=[\"Tasks.Read\"] prompt=login hint=alice@contoso.example account=nil",
                "signout oid-a.tid browser=false wipe=true all=false webview=true",
                "allAccounts", "account(forIdentifier: oid-a.tid)", "account(forUsername: bob@contoso.example)", "removeAccount oid-a.tid",
                "accountsFromDevice",
            ])
    }

    @Test("webview parameters whose parent is not in a window reach the broker as parentInWindow false, for the sheet and for signout")
    func parentNotInWindow() {
        let early = MSALWebviewParameters(parentInWindow: false)
        #expect(!HarnessMSALApplication.interactive(MSALInteractiveTokenParameters(scopes: ["User.Read"], webviewParameters: early)).parentInWindow)
        #expect(
            HarnessMSALApplication.interactive(MSALInteractiveTokenParameters(scopes: ["User.Read"], webviewParameters: MSALWebviewParameters())).parentInWindow
        )
        let account = MSALAccount(username: "alice@contoso.example", objectId: "oid-a", tenantId: "tid")
        #expect(!HarnessMSALApplication.signout(account, MSALSignoutParameters(webviewParameters: early)).parentInWindow)
        #expect(HarnessMSALApplication.signout(account, MSALSignoutParameters()).parentInWindow)
    }

    @Test("an async form throws the broker's MSALError, as Swift's importer throws MSAL's")
    func asyncThrows() async {
        let msal = HarnessMSALApplication(broker: ScriptedBroker(silentError: .interactionRequired))
        let parameters = MSALSilentTokenParameters(scopes: ["User.Read"], account: ScriptedBroker().alice)
        await #expect(throws: MSALError.interactionRequired) { try await msal.acquireTokenSilent(with: parameters) }
    }

    @Test("completion forms return at once; waitUntilIdle returns when every completion, and the calls it started, have run")
    func completionForms() async {
        let broker = ScriptedBroker(silentError: .interactionRequired)
        let msal = HarnessMSALApplication(broker: broker)
        let outcomes = Locked<[String]>([])
        // Code written for MSAL's completion blocks: silent first, interactive on InteractionRequired.
        msal.getCurrentAccount(with: nil) { account, _, _ in
            guard let account else { return }
            msal.acquireTokenSilent(with: MSALSilentTokenParameters(scopes: ["User.Read"], account: account)) { result, error in
                if let error = error as? MSALError, error.isInteractionRequired {
                    outcomes.withLock { $0.append("interaction required") }
                    msal.acquireToken(with: MSALInteractiveTokenParameters(scopes: ["User.Read"], webviewParameters: MSALWebviewParameters())) { result, _ in
                        outcomes.withLock { $0.append("signed in: \(result?.account.username ?? "nobody")") }
                    }
                }
            }
        }
        await msal.waitUntilIdle()
        #expect(outcomes.withLock { $0 } == ["interaction required", "signed in: alice@contoso.example"])
        #expect(broker.calls.withLock { $0.count } == 3)
    }

    @Test("the default async forms built on completion forms throw the completion's error, or an internal error for neither")
    func defaultAsyncForms() async throws {
        struct CompletionOnly: MSALPublicClientApplicationProtocol {
            func acquireTokenSilent(with parameters: MSALSilentTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void) {
                completionBlock(nil, MSALError.offline)
            }
            func acquireToken(with parameters: MSALInteractiveTokenParameters, completionBlock: @escaping @Sendable (MSALResult?, (any Error)?) -> Void) {
                completionBlock(nil, nil)
            }
            func getCurrentAccount(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALAccount?, MSALAccount?, (any Error)?) -> Void) {
                completionBlock(nil, nil, nil)
            }
            func signout(with account: MSALAccount, signoutParameters: MSALSignoutParameters, completionBlock: @escaping @Sendable (Bool, (any Error)?) -> Void)
            { completionBlock(false, MSALError.userCanceled) }
            func getDeviceInformation(with parameters: MSALParameters?, completionBlock: @escaping @Sendable (MSALDeviceInformation?, (any Error)?) -> Void) {
                completionBlock(DeviceInformation(deviceMode: .default, hasAADSSOExtension: false), nil)
            }
            func accountsFromDevice(
                for parameters: MSALAccountEnumerationParameters, completionBlock: @escaping @Sendable ([MSALAccount]?, (any Error)?) -> Void
            ) { completionBlock([], nil) }
            func allAccounts() async throws -> [MSALAccount] { [] }
            func account(forIdentifier identifier: String) async throws -> MSALAccount { throw MSALError.interactionRequired }
            func account(forUsername username: String) async throws -> MSALAccount { throw MSALError.interactionRequired }
            func remove(_ account: MSALAccount) async throws {}
        }
        let msal = CompletionOnly()
        let account = ScriptedBroker().alice
        await #expect(throws: MSALError.offline) { try await msal.acquireTokenSilent(with: MSALSilentTokenParameters(scopes: [], account: account)) }
        await #expect(throws: MSALError.self) {
            try await msal.acquireToken(with: MSALInteractiveTokenParameters(scopes: [], webviewParameters: MSALWebviewParameters()))
        }
        let current = try? await msal.getCurrentAccount(with: nil)
        #expect(current.map { $0.0 == nil && $0.1 == nil } == true, "nobody signed in is no error")
        await #expect(throws: MSALError.userCanceled) { try await msal.signout(with: account, signoutParameters: MSALSignoutParameters()) }
        #expect(try await msal.getDeviceInformation(with: nil).deviceMode == .default)
        #expect(try await msal.accountsFromDevice(for: MSALAccountEnumerationParameters()).isEmpty)
    }

    @Test("an SSO extension failure hands the completion the default-mode object and the error together, as MSAL does")
    func deviceInformationWithError() async {
        struct FailingBroker: SharedDeviceBroker {
            let inner = ScriptedBroker()
            func getDeviceInformation() async throws -> DeviceInformation {
                throw MSALError(
                    domain: MSALError.authorizationDomain, code: 1000, message: "SSO extension failed",
                    deviceInformation: DeviceInformation(deviceMode: .default, hasAADSSOExtension: true))
            }
            func getCurrentAccount() async throws -> CurrentAccount { try await inner.getCurrentAccount() }
            func acquireTokenSilent(_ parameters: SilentTokenParameters) async throws -> MSALResult { try await inner.acquireTokenSilent(parameters) }
            func acquireToken(_ parameters: InteractiveTokenParameters) async throws -> MSALResult { try await inner.acquireToken(parameters) }
            func signout(_ parameters: SignoutParameters) async throws { try await inner.signout(parameters) }
            func allAccounts() async throws -> [MSALAccount] { [] }
            func account(forIdentifier identifier: String) async throws -> MSALAccount? { nil }
            func account(forUsername username: String) async throws -> MSALAccount? { nil }
            func removeAccount(identifier: String?) async throws {}
            func accountsFromDevice() async throws -> [MSALAccount] { [] }
        }
        let msal = HarnessMSALApplication(broker: FailingBroker())
        let received = Locked<(DeviceInformation?, Bool)>((nil, false))
        msal.getDeviceInformation(with: nil) { information, error in received.withLock { $0 = (information, error != nil) } }
        await msal.waitUntilIdle()
        #expect(received.withLock { $0.0?.hasAADSSOExtension == true && $0.1 })
        await #expect(throws: MSALError.self, "the async form throws, as Swift's importer does") { try await msal.getDeviceInformation(with: nil) }
    }
}
