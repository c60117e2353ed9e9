import Foundation
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginSpec
import Testing

/// A broker for the two test users, alice and bob.
enum BrokerFixture {
    static let spec = Spec(
        id: "test", version: "1.0.0", title: "test",
        accounts: [
            AccountDefinition(name: "alice", username: "alice@contoso.example", displayName: "Alice Adams"),
            AccountDefinition(name: "bob", username: "bob@contoso.example", displayName: "Bob Brown"),
        ],
        requirements: [])

    static func broker(_ given: Given, configuration: MSALConfiguration = .default) async -> SimulatedBroker {
        let broker = SimulatedBroker(spec: spec, given: given, scenarioKey: "key")
        await broker.configure(configuration)
        return broker
    }

    static func identifier(_ name: String) -> String {
        SimulatedUser(spec.account(named: name)!).identifier
    }

    static func silent(_ name: String?, scopes: [String] = ["User.Read"], forceRefresh: Bool = false, allowLocalRt: Bool = true) -> SilentTokenParameters {
        SilentTokenParameters(
            scopes: scopes, accountIdentifier: name.map(identifier), forceRefresh: forceRefresh, allowUsingLocalCachedRtWhenSsoExtFailed: allowLocalRt)
    }

    static func signout(_ name: String?, fromBrowser: Bool = false, webview: Bool = false, wipeAccount: Bool = false, wipeAll: Bool = false)
        -> SignoutParameters
    {
        SignoutParameters(
            accountIdentifier: name.map(identifier), signoutFromBrowser: fromBrowser, wipeAccount: wipeAccount, wipeCacheForAllAccounts: wipeAll,
            hasWebviewParameters: webview)
    }
}

@Suite("The simulated broker: the device, sessions and the transcript")
struct SimulatedBrokerTests {
    @Test("previousAccount is nil on the first call ever, then what the previous call saw, and nil again after a call that saw nobody")
    func previousAccountSemantics() async throws {
        let broker = await BrokerFixture.broker(Given(signedIn: "alice"))
        let first = try await broker.getCurrentAccount()
        #expect(first.account?.username == "alice@contoso.example")
        #expect(first.previousAccount == nil)
        let second = try await broker.getCurrentAccount()
        #expect(second.previousAccount?.identifier == first.account?.identifier)
        await broker.globalSignOut()
        let third = try await broker.getCurrentAccount()
        #expect(third.account == nil)
        #expect(third.previousAccount?.username == "alice@contoso.example")
        // A skeleton without claims: the app never got a token, so there is no local record.
        #expect(third.previousAccount?.accountClaims == nil && third.previousAccount?.tenantProfiles == nil)
        let fourth = try await broker.getCurrentAccount()
        #expect(fourth.account == nil && fourth.previousAccount == nil)
    }

    @Test("identifiers are opaque, lowercased <oid>.<tid>, and stable for a given spec")
    func identifiers() async throws {
        let account = try #require(try await BrokerFixture.broker(Given(signedIn: "bob")).getCurrentAccount().account)
        #expect(account.identifier == "\(account.objectId!).\(account.tenantId!)".lowercased())
        let again = try #require(try await BrokerFixture.broker(Given(signedIn: "bob")).getCurrentAccount().account)
        #expect(again.isIdentical(to: account))
    }

    @Test("the interactive sheet signs the user at the device in device-wide and posts the broadcast")
    func interactiveSignIn() async throws {
        let broker = await BrokerFixture.broker(Given(userAtDevice: "bob"))
        let result = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], extraScopesToConsent: ["Tasks.Read"]))
        #expect(result.account.username == "bob@contoso.example")
        #expect(try await broker.getCurrentAccount().account?.username == "bob@contoso.example")
        #expect(await broker.takePendingBroadcasts() == 1)
        #expect(await broker.takePendingBroadcasts() == 0)
    }

    @Test("a sheet nobody at the device completes is dismissed (-50005), recorded as such, and never a scenario problem")
    func nobodyAtTheDevice() async throws {
        let broker = await BrokerFixture.broker(Given())
        let error = await #expect(throws: MSALError.self) { try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])) }
        #expect(error?.isUserCanceled == true)
        #expect(await broker.transcript().last?.answerText.contains("dismissed: nobody at the device completes the sheet") == true)
        #expect(await broker.scenarioProblems().isEmpty)
    }

    @Test("who holds the device: the signed-in user by default, Jamf Setup's user after it, nobody after a Jamf Reset")
    func personAtDevice() async throws {
        let broker = await BrokerFixture.broker(Given(signedIn: "alice"))
        #expect(try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])).account.username == "alice@contoso.example")
        await broker.switchUser(to: "bob")
        #expect(try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])).account.username == "bob@contoso.example")
        await broker.globalSignOut()
        await #expect(throws: MSALError.userCanceled) { try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])) }
    }

    @Test("an interactive sign-in as another user while one is signed in adds them: getCurrentAccount is then ambiguous (-42102)")
    func secondUserMakesTheDeviceAmbiguous() async throws {
        let broker = await BrokerFixture.broker(Given(signedIn: "alice", userAtDevice: "bob"))
        _ = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
        #expect(await broker.deviceAccountNames() == ["alice", "bob"])
        let error = await #expect(throws: MSALError.self) { try await broker.getCurrentAccount() }
        #expect(error?.isInternal(.ambiguousAccount) == true)
        // Nothing stored on the error: the next call still sees the previous account as nil.
        await broker.globalSignIn("alice")
        #expect(try await broker.getCurrentAccount().previousAccount == nil)
    }

    @Test("each sign-in of a user is a new session with its own marker in tokens and records")
    func sessionsAndRecords() async throws {
        let broker = await BrokerFixture.broker(Given(signedIn: "alice"))
        await broker.switchUser(to: "bob")
        await broker.switchUser(to: "alice")
        let sessions = await broker.sessions(of: "alice")
        #expect(sessions.map(\.number) == [1, 2])
        #expect(sessions[0].marker != sessions[1].marker)
        let token = try await broker.acquireTokenSilent(BrokerFixture.silent("alice")).accessToken
        #expect(token.contains(sessions[1].marker))
        let records = try await broker.fetchRecords(accessToken: token)
        #expect(records.allSatisfy { $0.id.contains(sessions[1].marker) })
        await #expect(throws: MSALError.self) { try await broker.fetchRecords(accessToken: "forged") }
    }

    @Test("every call is recorded with its step, phase, parameters and answer")
    func transcript() async throws {
        let broker = await BrokerFixture.broker(Given(signedIn: "alice"))
        await broker.beginStep(2)
        _ = try await broker.getDeviceInformation()
        await broker.beginBroadcasts()
        await broker.script(.getCurrentAccount, .ssoExtensionFailure(code: .failed))
        _ = try? await broker.getCurrentAccount()
        let calls = await broker.transcript()
        #expect(calls.map(\.method) == [.getDeviceInformation, .getCurrentAccount])
        #expect(calls.map(\.stepIndex) == [2, 2])
        #expect(calls.map(\.phase) == [.step, .broadcasts])
        #expect(calls[1].failed && calls[1].error?.code == 1004)
        #expect(calls[1].line.hasSuffix("(broadcast)"))
    }
}
