import Foundation
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginSpec
import Testing

@Suite("The simulated broker behaves as MSAL in Shared Device Mode")
struct SimulatedBrokerTests {
    static let spec = Spec(
        id: "test", version: "1.0.0", title: "test",
        accounts: [AccountDefinition(name: "alice", username: "alice@contoso.example", displayName: "Alice Adams"),
                   AccountDefinition(name: "bob", username: "bob@contoso.example", displayName: "Bob Brown")],
        requirements: [])

    func broker(_ given: Given) -> SimulatedBroker { SimulatedBroker(spec: Self.spec, given: given, scenarioKey: "key") }

    @Test("previousAccount is nil on the first call ever, then what the previous call saw, even when nothing changed")
    func previousAccountSemantics() async throws {
        let broker = broker(Given(signedIn: "alice"))
        let first = try await broker.getCurrentAccount()
        #expect(first.account?.username == "alice@contoso.example")
        #expect(first.previousAccount == nil)
        let second = try await broker.getCurrentAccount()
        #expect(second.previousAccount?.identifier == first.account?.identifier)
        await broker.globalSignOut()
        let third = try await broker.getCurrentAccount()
        #expect(third.account == nil)
        #expect(third.previousAccount?.username == "alice@contoso.example")
        let fourth = try await broker.getCurrentAccount()
        #expect(fourth.account == nil && fourth.previousAccount == nil)
    }

    @Test("identifiers are <oid>.<tid> and stable for a given spec")
    func identifiers() async throws {
        let account = try #require(try await broker(Given(signedIn: "bob")).getCurrentAccount().account)
        #expect(account.identifier == "\(account.objectId).\(account.tenantId)")
        let again = try #require(try await broker(Given(signedIn: "bob")).getCurrentAccount().account)
        #expect(again == account)
    }

    @Test("device information reports the scenario's device mode")
    func deviceMode() async throws {
        #expect(try await broker(Given(deviceMode: .shared)).getDeviceInformation().deviceMode == .shared)
        #expect(try await broker(Given(deviceMode: .default)).getDeviceInformation().deviceMode == .default)
    }

    @Test("silent acquisition needs the device's account and a valid token, else InteractionRequired (-50002)")
    func silentAcquisition() async throws {
        let valid = broker(Given(signedIn: "alice"))
        let account = try #require(try await valid.getCurrentAccount().account)
        let result = try await valid.acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read"], accountIdentifier: account.identifier))
        #expect(result.idToken != nil && result.scopes == ["User.Read"])

        let expired = broker(Given(signedIn: "alice", token: .interactionRequired))
        await #expect(throws: MSALError.interactionRequired) {
            try await expired.acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read"], accountIdentifier: account.identifier))
        }
        let nobody = broker(Given())
        let error = await #expect(throws: MSALError.self) {
            try await nobody.acquireTokenSilent(SilentTokenParameters(scopes: ["User.Read"], accountIdentifier: account.identifier))
        }
        #expect(error?.code == -50002)
    }

    @Test("the interactive sheet signs the user at the device in device-wide and posts the broadcast")
    func interactiveSignIn() async throws {
        let broker = broker(Given(userAtDevice: "bob"))
        let result = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], extraScopesToConsent: ["Tasks.Read"]))
        #expect(result.account.username == "bob@contoso.example")
        #expect(result.scopes == ["User.Read", "Tasks.Read"])
        #expect(try await broker.getCurrentAccount().account?.username == "bob@contoso.example")
        #expect(await broker.takePendingBroadcasts() == 1)
        #expect(await broker.takePendingBroadcasts() == 0)
    }

    @Test("scripted answers come back with MSAL's codes, in order, once each", arguments: [
        (BrokerAnswer.cancel, -50005, String?.none, MSALError.msalDomain),
        (.networkError, -1009, nil, MSALError.urlDomain),
        (.brokerNotAvailable, -50000, "-42714", MSALError.msalDomain),
    ])
    func scriptedErrors(answer: BrokerAnswer, code: Int, internalCode: String?, domain: String) async throws {
        let broker = broker(Given(userAtDevice: "alice"))
        await broker.script(.acquireToken, answer)
        let error = await #expect(throws: MSALError.self) { try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])) }
        #expect(error?.code == code && error?.domain == domain && error?.internalCode.map(String.init) == internalCode)
        // Used up: the next sheet completes.
        #expect(try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])).account.username == "alice@contoso.example")
    }

    @Test("a result without an idToken changes nothing on the device")
    func noIdToken() async throws {
        let broker = broker(Given(userAtDevice: "alice"))
        await broker.script(.acquireToken, .noIdToken)
        let result = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
        #expect(result.idToken == nil)
        #expect(try await broker.getCurrentAccount().account == nil)
        #expect(await broker.takePendingBroadcasts() == 0)
    }

    @Test("signout ends the device's session and posts the broadcast")
    func signout() async throws {
        let broker = broker(Given(signedIn: "alice"))
        let account = try #require(try await broker.getCurrentAccount().account)
        try await broker.signout(SignoutParameters(accountIdentifier: account.identifier))
        #expect(try await broker.getCurrentAccount().account == nil)
        #expect(await broker.takePendingBroadcasts() == 1)
    }

    @Test("each sign-in of a user is a new session with its own marker in tokens and records")
    func sessionsAndRecords() async throws {
        let broker = broker(Given(signedIn: "alice"))
        await broker.switchUser(to: "bob")
        await broker.switchUser(to: "alice")
        let sessions = await broker.sessions(of: "alice")
        #expect(sessions.map(\.number) == [1, 2])
        #expect(sessions[0].marker != sessions[1].marker)
        let records = try await broker.fetchRecords(accessToken: sessions[1].accessToken)
        #expect(records.allSatisfy { $0.id.contains(sessions[1].marker) })
        await #expect(throws: MSALError.self) { try await broker.fetchRecords(accessToken: "forged") }
    }

    @Test("every call is recorded with its step, parameters and answer")
    func transcript() async throws {
        let broker = broker(Given(signedIn: "alice"))
        await broker.beginStep(2)
        _ = try await broker.getDeviceInformation()
        await broker.script(.getCurrentAccount, .brokerNotAvailable)
        _ = try? await broker.getCurrentAccount()
        let calls = await broker.transcript()
        #expect(calls.map(\.method) == [.getDeviceInformation, .getCurrentAccount])
        #expect(calls.map(\.stepIndex) == [2, 2])
        #expect(calls[1].failed && calls[1].answer.contains("-42714"))
    }
}
