import Foundation
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginSpec
import Testing

/// Each behaviour docs/broker-fidelity.md cites from MSAL's source, as a table.
@Suite("The simulated broker answers as MSAL's source says")
struct BrokerFidelityTests {
    typealias F = BrokerFixture

    // MARK: Errors (MSALErrorConverter.m)

    @Test(
        "only -50001...-50005 and -50142 stay top-level; every other MSAL code is -50000 with the internal code",
        arguments: [
            (-50001, -50001, Int?.none), (-50002, -50002, nil), (-50003, -50003, nil), (-50004, -50004, nil), (-50005, -50005, nil), (-50142, -50142, nil),
            (-50006, -50000, -50006), (-50007, -50000, -50007), (-50008, -50000, -50008), (-42102, -50000, -42102), (-42600, -50000, -42600),
            (-50000, -50000, -42008),
        ])
    func converter(code: Int, top: Int, internalCode: Int?) {
        let error = MSALError.converted(code, message: "m")
        #expect(error.code == top && error.internalCode == internalCode && error.domain == MSALError.msalDomain)
    }

    /// (method, answer, domain, code, internal code) for scripted failures.
    static let scriptedErrors: [(BrokerMethod, BrokerAnswer, String, Int, Int?)] = [
        (.acquireToken, .cancel, MSALError.msalDomain, -50005, nil),
        (.acquireToken, .networkError, MSALError.urlDomain, -1009, nil),
        (.acquireTokenSilent, .interactionRequired, MSALError.msalDomain, -50002, nil),
        (.acquireTokenSilent, .networkError, MSALError.urlDomain, -1009, nil),
        // With MSAL's defaults the SSO extension's error is replaced by the local-refresh-token fallback's -50002.
        (.acquireTokenSilent, .ssoExtensionFailure(code: .failed), MSALError.msalDomain, -50002, nil),
        (.acquireTokenSilent, .blankIdToken, MSALError.msalDomain, -50000, -42600),
        (.acquireTokenSilent, .declinedScopes(scopes: nil), MSALError.msalDomain, -50003, nil),
        (.getCurrentAccount, .ssoExtensionFailure(code: .notHandled), MSALError.authorizationDomain, 1003, nil),
        (.getCurrentAccount, .networkError, MSALError.urlDomain, -1009, nil),
        (.getDeviceInformation, .ssoExtensionFailure(code: .unknown), MSALError.authorizationDomain, 1000, nil),
        (.getDeviceInformation, .brokerNotAvailable, MSALError.msalDomain, -50000, -42714),
        (.signout, .ssoExtensionFailure(code: .failed), MSALError.authorizationDomain, 1004, nil),
        (.accountsFromDevice, .networkError, MSALError.urlDomain, -1009, nil),
        (.fetchRecords, .networkError, MSALError.urlDomain, -1009, nil),
    ]

    @Test("scripted answers arrive as MSAL delivers them", arguments: scriptedErrors)
    func scripted(method: BrokerMethod, answer: BrokerAnswer, domain: String, code: Int, internalCode: Int?) async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        let token = try await broker.acquireTokenSilent(F.silent("alice")).accessToken
        await broker.script(method, answer)
        let error = await #expect(throws: MSALError.self) {
            switch method {
            case .acquireToken: _ = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
            case .acquireTokenSilent: _ = try await broker.acquireTokenSilent(F.silent("alice", scopes: ["User.Read", "Tasks.Read"]))
            case .getCurrentAccount: _ = try await broker.getCurrentAccount()
            case .getDeviceInformation: _ = try await broker.getDeviceInformation()
            case .signout: try await broker.signout(F.signout("alice"))
            case .accountsFromDevice: _ = try await broker.accountsFromDevice()
            case .fetchRecords: _ = try await broker.fetchRecords(accessToken: token)
            default: Issue.record("not in the table")
            }
        }
        #expect(error?.domain == domain && error?.code == code && error?.internalCode == internalCode, "\(String(describing: error))")
        // -42401 (SessionCanceled) is never produced.
        #expect(error?.internalCode != MSALError.InternalCode.sessionCanceled.rawValue)
    }

    @Test("with allowUsingLocalCachedRtWhenSsoExtFailed false, the SSO extension's own error reaches the app")
    func ssoErrorWithoutFallback() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        await broker.script(.acquireTokenSilent, .ssoExtensionFailure(code: .notHandled))
        await #expect(throws: MSALError.ssoExtensionFailure(.notHandled)) { try await broker.acquireTokenSilent(F.silent("alice", allowLocalRt: false)) }
    }

    // MARK: getDeviceInformation (MSALDeviceInfoProvider.m)

    @Test("device information: the mode, hasAADSSOExtension and extraDeviceInformation's string values", arguments: [Given.DeviceModeName.shared, .default])
    func deviceInformation(mode: Given.DeviceModeName) async throws {
        let information = try await F.broker(Given(deviceMode: mode)).getDeviceInformation()
        #expect(information.deviceMode.rawValue == mode.rawValue)
        #expect(information.hasAADSSOExtension)
        #expect(information.extraDeviceInformation["isSSOExtensionInFullMode"] == "Yes")
        #expect(information.extraDeviceInformation["isCallerAppManaged"] == "1")
        #expect(information.extraDeviceInformation["mdm_id"] != nil && information.extraDeviceInformation["object_id"] != nil)
    }

    @Test("an SSO extension failure comes with a default-mode object; a disabled broker with none")
    func deviceInformationFailures() async throws {
        let failing = await F.broker(Given())
        await failing.script(.getDeviceInformation, .ssoExtensionFailure(code: .failed))
        let error = await #expect(throws: MSALError.self) { try await failing.getDeviceInformation() }
        #expect(error?.deviceInformation == DeviceInformation(deviceMode: .default, hasAADSSOExtension: true))
        #expect(error?.deviceInformation?.extraDeviceInformation["isSSOExtensionInFullMode"] == nil)

        let disabled = await F.broker(Given(signedIn: "alice"), configuration: MSALConfiguration(brokerAvailability: .none))
        let none = await #expect(throws: MSALError.self) { try await disabled.getDeviceInformation() }
        #expect(none?.isInternal(.brokerNotAvailable) == true && none?.deviceInformation == nil)
    }

    // MARK: acquireTokenSilent (PCA.m 621-846)

    @Test("a sheet, or a signout with webview parameters, whose parent is not in a window fails at once with -50000/-42000 and changes nothing")
    func parentNotInWindow() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        let sheet = await #expect(throws: MSALError.self) {
            try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], parentInWindow: false))
        }
        #expect(sheet?.code == -50000 && sheet?.internalCode == -42000)
        #expect(sheet?.message == "parentViewController has no window! Provide a valid controller with view and window.")
        let signout = await #expect(throws: MSALError.self) {
            try await broker.signout(SignoutParameters(accountIdentifier: F.identifier("alice"), hasWebviewParameters: true, parentInWindow: false))
        }
        #expect(signout?.internalCode == -42000)
        #expect(await broker.deviceAccountNames() == ["alice"])
        _ = try await broker.acquireTokenSilent(F.silent("alice"))
        #expect(
            await broker.transcript().map(\.call).prefix(2).allSatisfy {
                switch $0 {
                case .acquireToken(let parameters): !parameters.parentInWindow
                case .signout(let parameters): !parameters.parentInWindow
                default: false
                }
            })
    }

    @Test("offline, a signout from the browser fails after the device signed out (the browser step fails); without it, before anything on the device")
    func browserSignoutFailsAfterTheDevice() async throws {
        let browser = await F.broker(Given(signedIn: "alice"))
        await browser.script(.signout, .networkError)
        let failed = await #expect(throws: MSALError.self) { try await browser.signout(F.signout("alice", fromBrowser: true, webview: true)) }
        #expect(failed?.code == -1009)
        #expect(await browser.deviceAccountNames().isEmpty)
        #expect(await browser.takePendingBroadcasts() == 1)
        #expect(await browser.transcript().last?.answerText.contains("the browser sign-out after it failed") == true)

        let broker = await F.broker(Given(signedIn: "alice"))
        await broker.script(.signout, .networkError)
        await #expect(throws: MSALError.self) { try await broker.signout(F.signout("alice")) }
        #expect(await broker.deviceAccountNames() == ["alice"])
    }

    @Test("silent calls that never reach the broker: no account, or one the app signed out itself (-50002)")
    func silentEarlyExits() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        let noAccount = await #expect(throws: MSALError.self) { try await broker.acquireTokenSilent(F.silent(nil)) }
        #expect(noAccount?.isInteractionRequired == true)
        _ = try await broker.acquireTokenSilent(F.silent("alice"))
        try await broker.removeAccount(identifier: F.identifier("alice"))
        let signedOut = await #expect(throws: MSALError.self) { try await broker.acquireTokenSilent(F.silent("alice")) }
        #expect(signedOut?.message == "Account is signed out, user interaction is required.")
        // The device is still signed in: remove is the app's cache only.
        #expect(await broker.deviceAccountNames() == ["alice"])
    }

    @Test(
        "a silent call for an account not on the device, or before an interactive sign-in when required, is -50002",
        arguments: [
            (Given(signedIn: "bob"), "alice"), (Given(), "alice"), (Given(signedIn: "alice", token: .interactionRequired), "alice"),
        ])
    func silentNeedsTheDevicesAccount(given: Given, name: String) async throws {
        let error = await #expect(throws: MSALError.self) { try await F.broker(given).acquireTokenSilent(F.silent(name)) }
        #expect(error?.isInteractionRequired == true)
    }

    // MARK: Tokens (MSIDAccessToken.m, MSALPublicClientApplicationConfig.m)

    @Test(
        "MSAL returns its cached token while more than 5 minutes remain, renews it after, and forceRefresh always renews",
        arguments: [
            (54, false, false), (56, false, true), (10, true, true),
        ])
    func tokenReuse(minutes: Int, forceRefresh: Bool, renewed: Bool) async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        let first = try await broker.acquireTokenSilent(F.silent("alice"))
        await broker.advanceClock(minutes: minutes)
        let second = try await broker.acquireTokenSilent(F.silent("alice", forceRefresh: forceRefresh))
        #expect((second.accessToken != first.accessToken) == renewed)
        #expect(first.expiresOn == SimulatedBroker.startOfDay + 3600)
    }

    @Test(
        "the backend refuses a token that expired, or whose session ended; a fresh token of the new session works",
        arguments: ["expired", "globalSignOut", "switchUser", "signout"])
    func backendRefusals(history: String) async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        let kept = try await broker.acquireTokenSilent(F.silent("alice")).accessToken
        #expect(try await broker.fetchRecords(accessToken: kept).count == 3)
        switch history {
        case "expired": await broker.advanceClock(minutes: 61)
        case "globalSignOut": await broker.globalSignOut()
        case "switchUser": await broker.switchUser(to: "bob")
        default: try await broker.signout(F.signout("alice"))
        }
        let error = await #expect(throws: MSALError.self) { try await broker.fetchRecords(accessToken: kept) }
        #expect(error?.domain == "BackendErrorDomain" && error?.code == 401)
        #expect(error?.message.contains(history == "expired" ? "expired" : "session ended") == true)
        if history == "switchUser" {
            let fresh = try await broker.acquireTokenSilent(F.silent("bob")).accessToken
            #expect(try await broker.fetchRecords(accessToken: fresh).count == 3)
        }
    }

    @Test("extraScopesToConsent is consented but not in result.scopes")
    func extraScopes() async throws {
        let broker = await F.broker(Given(userAtDevice: "alice"))
        let result = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], extraScopesToConsent: ["Tasks.Read"]))
        #expect(result.scopes == ["User.Read"])
        #expect(await broker.transcript().last?.scopes == ["User.Read", "Tasks.Read"])
    }

    @Test(
        "declined scopes: -50003 with granted, declined and the partial result (the named ones, or all but the first)",
        arguments: [
            ([String]?.none, ["User.Read", "Tasks.Read"], ["Tasks.Read"]),
            (["Tasks.Read"], ["User.Read", "Tasks.Read"], ["Tasks.Read"]),
            (["Other.Scope"], ["User.Read", "Tasks.Read"], ["Tasks.Read"]),
            (nil, ["User.Read"], ["User.Read"]),
        ])
    func declinedScopes(listed: [String]?, requested: [String], declined: [String]) async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        await broker.script(.acquireTokenSilent, .declinedScopes(scopes: listed))
        let error = await #expect(throws: MSALError.self) { try await broker.acquireTokenSilent(F.silent("alice", scopes: requested)) }
        #expect(error?.isDeclinedScopes == true && error?.internalCode == nil)
        #expect(error?.declinedScopes == declined)
        let granted = requested.filter { !declined.contains($0) }
        #expect(error?.grantedScopes == granted && error?.invalidResult?.scopes == granted)
        // The partial result's token works: MSAL saved the tokens before it raised the error.
        let token = try #require(error?.invalidResult?.accessToken)
        #expect(try await broker.fetchRecords(accessToken: token).count == 3)
    }

    @Test("a blank id_token is -50000/-42600, raised after MSAL cached the account")
    func blankIdToken() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        await broker.script(.acquireTokenSilent, .blankIdToken)
        await #expect(throws: MSALError.nilIdToken) { try await broker.acquireTokenSilent(F.silent("alice")) }
        #expect(try await broker.allAccounts().map(\.username) == ["alice@contoso.example"])
    }

    @Test(
        "a result without an idToken: its access token is accepted from silent and interactive calls alike, and the device is unchanged",
        arguments: [BrokerMethod.acquireTokenSilent, .acquireToken])
    func noIdToken(method: BrokerMethod) async throws {
        let broker = await F.broker(method == .acquireToken ? Given(userAtDevice: "alice") : Given(signedIn: "alice"))
        await broker.script(method, .noIdToken)
        let result =
            method == .acquireToken
            ? try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
            : try await broker.acquireTokenSilent(F.silent("alice"))
        #expect(result.idToken == nil && result.account.accountClaims == nil)
        #expect(try await broker.fetchRecords(accessToken: result.accessToken).count == 3)
        #expect(await broker.deviceAccountNames() == (method == .acquireToken ? [] : ["alice"]))
        #expect(await broker.takePendingBroadcasts() == 0)
    }

    // MARK: Accounts (MSALAccount.h, MSALAccountsProvider.m)

    @Test("accountClaims only once an id token was issued to this client; previousAccount never has claims in shared mode")
    func accountClaims() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        #expect(try await broker.getCurrentAccount().account?.accountClaims == nil)
        let result = try await broker.acquireTokenSilent(F.silent("alice"))
        #expect(result.account.accountClaims?["name"] == "Alice Adams")
        let current = try await broker.getCurrentAccount()
        #expect(current.account?.accountClaims?["name"] == "Alice Adams")
        #expect(current.account?.isSSOAccount == true)
        #expect(current.previousAccount?.accountClaims == nil && current.previousAccount?.tenantProfiles?.first?.isHomeTenantProfile == true)
    }

    @Test("isSSOAccount: true on the broker's account from getCurrentAccount, false on every token result, as MSAL builds them")
    func isSSOAccount() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        #expect(try await broker.getCurrentAccount().account?.isSSOAccount == true)
        let silent = try await broker.acquireTokenSilent(F.silent("alice"))
        #expect(!silent.account.isSSOAccount)
        let current = try #require(try await broker.getCurrentAccount().account)
        #expect(current.isSSOAccount && current == silent.account)
        let interactive = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
        #expect(!interactive.account.isSSOAccount)
    }

    @Test(
        "MSAL's equality: identifiers when both have one, else usernames ignoring case, else equal",
        arguments: [
            (MSALAccountId(identifier: "a.t"), "x", MSALAccountId(identifier: "a.t"), "y", true),
            (MSALAccountId(identifier: "a.t"), "x", MSALAccountId(identifier: "b.t"), "x", false),
            (nil, "Alice@Contoso", MSALAccountId(identifier: "a.t"), "alice@contoso", true),
            (nil, "alice", nil, "bob", false),
            (nil, nil, nil, nil, true),
        ])
    func equality(leftId: MSALAccountId?, leftName: String?, rightId: MSALAccountId?, rightName: String?, equal: Bool) {
        #expect((MSALAccount(username: leftName, homeAccountId: leftId) == MSALAccount(username: rightName, homeAccountId: rightId)) == equal)
    }

    /// (history, allAccounts, getCurrentAccount) after the app got a token for alice at launch.
    static let cacheHistories: [(String, [String], String?)] = [
        ("nothing", ["alice"], "alice"),
        ("globalSignOut", ["alice"], nil),
        ("switchUser", ["alice"], "bob"),
        ("switchUserThenToken", ["alice", "bob"], "bob"),
        ("signout", [], nil),
        ("removeAccount", [], "alice"),
    ]

    @Test("the app's own cache is never told what the broker did: allAccounts still lists a signed-out or replaced user", arguments: cacheHistories)
    func accountCache(history: String, all: [String], current: String?) async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        _ = try await broker.acquireTokenSilent(F.silent("alice"))
        switch history {
        case "globalSignOut": await broker.globalSignOut()
        case "switchUser": await broker.switchUser(to: "bob")
        case "switchUserThenToken":
            await broker.switchUser(to: "bob")
            _ = try await broker.acquireTokenSilent(F.silent("bob"))
        case "signout": try await broker.signout(F.signout("alice"))
        case "removeAccount": try await broker.removeAccount(identifier: F.identifier("alice"))
        default: break
        }
        let accounts = try await broker.allAccounts()
        #expect(accounts.compactMap(\.username) == all.map { "\($0)@contoso.example" })
        #expect(accounts.allSatisfy { $0.accountClaims == nil })
        #expect(try await broker.getCurrentAccount().account?.username == current.map { "\($0)@contoso.example" })
        #expect(try await broker.accountsFromDevice().compactMap(\.username) == (await broker.deviceAccountNames()).map { "\($0)@contoso.example" })
        let byIdentifier = try await broker.account(forIdentifier: F.identifier("alice").uppercased())
        #expect((byIdentifier != nil) == all.contains("alice"))
        #expect((try await broker.account(forUsername: "ALICE@contoso.example") != nil) == all.contains("alice"))
    }

    // MARK: signout (PCA.m 1247-1442)

    /// (parameters, scripted, error (code, internal), device signed out, allAccounts after, broadcasts).
    static let signouts: [(SignoutParameters, BrokerAnswer?, [Int]?, Bool, [String], Int)] = [
        (F.signout("alice"), nil, nil, true, [], 1),
        (F.signout(nil), nil, [-50000, -42000], false, ["alice"], 0),
        (F.signout("alice", fromBrowser: true), nil, [-50000, -42000], false, ["alice"], 0),
        (F.signout("alice", fromBrowser: true, webview: true), nil, nil, true, [], 1),
        (F.signout("alice", wipeAccount: true), nil, nil, true, [], 1),
        (F.signout("alice", wipeAll: true), nil, nil, true, [], 1),
        (F.signout("alice"), .networkError, [-1009], false, [], 0),
        (F.signout("alice"), .ssoExtensionFailure(code: .failed), [1004], false, [], 0),
        (F.signout("alice"), .complete(account: nil, broadcast: false), nil, true, [], 0),
        (F.signout("bob"), nil, nil, false, ["alice"], 0),
    ]

    @Test("signout: parameter errors remove nothing; otherwise the app's cache first, then the device if the account is on it", arguments: signouts)
    func signout(parameters: SignoutParameters, scripted: BrokerAnswer?, error: [Int]?, deviceSignedOut: Bool, all: [String], broadcasts: Int) async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        _ = try await broker.acquireTokenSilent(F.silent("alice"))
        _ = try await broker.getCurrentAccount()
        if let scripted { await broker.script(.signout, scripted) }
        do {
            try await broker.signout(parameters)
            #expect(error == nil)
        } catch let thrown as MSALError {
            #expect([thrown.code] + (thrown.internalCode.map { [$0] } ?? []) == error ?? [])
        }
        #expect(await broker.deviceAccountNames().isEmpty == deviceSignedOut)
        #expect(try await broker.allAccounts().compactMap(\.username) == all.map { "\($0)@contoso.example" })
        #expect(await broker.takePendingBroadcasts() == broadcasts)
        if parameters.wipeCacheForAllAccounts {
            // The wipe deletes the keychain, not the instance's memory: in the same process previousAccount
            // is a skeleton of the wiped user (no claims); a new process has none.
            let previous = try await broker.getCurrentAccount().previousAccount
            #expect(previous?.username == "alice@contoso.example" && previous?.accountClaims == nil)
            try await broker.signout(F.signout("alice", wipeAll: true))
            await broker.beginStep(1, applying: .app(.terminate))
            #expect(try await broker.getCurrentAccount().previousAccount == nil)
        }
        let line = await broker.transcript().last { $0.method == .signout }?.answerText ?? ""
        if parameters.wipeAccount { #expect(line.contains("wipeAccount")) }
        if parameters.wipeCacheForAllAccounts { #expect(line.contains("wipeCacheForAllAccounts")) }
    }

    // MARK: Interactive (PCA.m 852-1176)

    @Test("an interactive call for an account the app signed out is forced to prompt login, and recorded so")
    func forcedLogin() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        _ = try await broker.acquireTokenSilent(F.silent("alice"))
        try await broker.removeAccount(identifier: F.identifier("alice"))
        _ = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], accountIdentifier: F.identifier("alice")))
        #expect(await broker.transcript().last?.answerText.contains("prompt forced to login") == true)
    }

    @Test(
        "after a wipeAccount signout whose broker step failed, the account is gone from every list but still SignedOut for this app: silent calls fail at once, the next sign-in is forced to login"
    )
    func wipedAccountStaysSignedOut() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        _ = try await broker.acquireTokenSilent(F.silent("alice"))
        await broker.script(.signout, .networkError)
        await #expect(throws: MSALError.self) { try await broker.signout(F.signout("alice", wipeAccount: true)) }
        #expect(await broker.deviceAccountNames() == ["alice"], "the broker's step failed: the device is still signed in")
        #expect(try await broker.allAccounts().isEmpty)
        #expect(try await broker.account(forIdentifier: F.identifier("alice")) == nil)
        let silent = await #expect(throws: MSALError.self) { try await broker.acquireTokenSilent(F.silent("alice")) }
        #expect(silent?.message == "Account is signed out, user interaction is required.")
        _ = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], accountIdentifier: F.identifier("alice")))
        #expect(await broker.transcript().last?.answerText.contains("prompt forced to login") == true)
        // The interactive sign-in wrote a token response: SignedIn again, and silent calls are answered.
        _ = try await broker.acquireTokenSilent(F.silent("alice"))
    }

    @Test("a sheet completed with broadcast false signs the device in without a broadcast; an SSO failure falls back to the web view")
    func interactiveAnswers() async throws {
        let quiet = await F.broker(Given(userAtDevice: "alice"))
        await quiet.script(.acquireToken, .complete(account: "bob", broadcast: false))
        #expect(try await quiet.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])).account.username == "bob@contoso.example")
        #expect(await quiet.deviceAccountNames() == ["bob"])
        #expect(await quiet.takePendingBroadcasts() == 0)

        let fallback = await F.broker(Given(userAtDevice: "alice"))
        await fallback.script(.acquireToken, .ssoExtensionFailure(code: .failed))
        #expect(try await fallback.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])).account.username == "alice@contoso.example")
        #expect(await fallback.transcript().last?.answerText.contains("fell back to the web view") == true)
    }

    @Test("after a web-view sign-in the app's own cache answers silent calls, also after a Jamf Reset; a brokered sign-in leaves no such tokens")
    func webViewTokensInTheApp() async throws {
        let fallback = await F.broker(Given(userAtDevice: "alice"))
        await fallback.script(.acquireToken, .ssoExtensionFailure(code: .failed))
        let signIn = try await fallback.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
        await fallback.globalSignOut()
        #expect(await fallback.deviceAccountNames().isEmpty)
        // The sheet's token covers the scopes: the same token, from the app's cache.
        #expect(try await fallback.acquireTokenSilent(F.silent("alice")).accessToken == signIn.accessToken)
        #expect(await fallback.transcript().last?.answerText.contains("answered from the app's own cache") == true)
        // More scopes than the sheet's: refreshed with the app's refresh token, as MSAL does without asking the broker.
        let refreshed = try await fallback.acquireTokenSilent(F.silent("alice", scopes: ["User.Read", "Tasks.Read"]))
        #expect(refreshed.accessToken != signIn.accessToken)
        #expect(await fallback.transcript().last?.answerText.contains("refreshed with the app's own refresh token") == true)
        // The app's own signout ends it.
        try await fallback.signout(F.signout("alice"))
        await #expect(throws: MSALError.self) { try await fallback.acquireTokenSilent(F.silent("alice")) }

        let brokered = await F.broker(Given(userAtDevice: "alice"))
        _ = try await brokered.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
        await brokered.globalSignOut()
        let afterReset = await #expect(throws: MSALError.self) { try await brokered.acquireTokenSilent(F.silent("alice")) }
        #expect(afterReset?.isInteractionRequired == true)
    }

    // MARK: Broker availability (MSIDRequestParameters+Broker.m)

    @Test("with the broker disabled MSAL sees only the app's own cache: the device's user is invisible, sign-in and sign-out stay local")
    func brokerDisabled() async throws {
        let broker = await F.broker(Given(signedIn: "alice"), configuration: MSALConfiguration(brokerAvailability: .none))
        #expect(try await broker.getCurrentAccount().account == nil)
        #expect(try await broker.accountsFromDevice().isEmpty)
        await #expect(throws: MSALError.self) { try await broker.acquireTokenSilent(F.silent("alice")) }
        let result = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
        #expect(result.account.username == "alice@contoso.example")
        #expect(await broker.takePendingBroadcasts() == 0)
        #expect(try await broker.getCurrentAccount().account?.username == "alice@contoso.example")
        // Silent now works from the local refresh token; a Jamf Reset does not reach it.
        await broker.globalSignOut()
        _ = await broker.takePendingBroadcasts()
        #expect(try await broker.acquireTokenSilent(F.silent("alice")).accessToken.isEmpty == false)
        try await broker.signout(F.signout("alice"))
        #expect(try await broker.getCurrentAccount().account == nil)
        #expect(await broker.takePendingBroadcasts() == 0)
    }

    @Test("on a personal device getCurrentAccount also counts the app's own signed-in accounts")
    func personalDevice() async throws {
        let broker = await F.broker(Given(deviceMode: .default, signedIn: "alice"))
        _ = try await broker.acquireTokenSilent(F.silent("alice"))
        await broker.switchUser(to: "bob")
        let error = await #expect(throws: MSALError.self) { try await broker.getCurrentAccount() }
        #expect(error?.isInternal(.ambiguousAccount) == true)
    }
}
