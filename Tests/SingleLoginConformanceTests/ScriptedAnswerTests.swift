import Foundation
import SingleLoginAdapter
import SingleLoginConformance
import SingleLoginEvents
import SingleLoginSpec
import Testing

/// A scripted answer (`answerNext`) is the broker's answer to the next call of its method that
/// reaches the broker: a call MSAL fails on its own parameters or configuration, or answers from
/// the app's own cache, leaves it to the call after.
@Suite("Scripted answers go to the next call that reaches the broker")
struct ScriptedAnswerTests {
    typealias F = BrokerFixture

    /// A call MSAL fails before it asks the broker, and the scripted answer that waits for the next call.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var method: BrokerMethod
        var scripted: BrokerAnswer
        var configuration = MSALConfiguration.default
        /// The call MSAL fails by itself, with the internal code it fails with (nil: top-level -50002).
        var rejected: @Sendable (SimulatedBroker) async throws -> Void
        var rejectedInternal: MSALError.InternalCode?
        /// The same method's next call, well formed, which takes the scripted answer.
        var next: @Sendable (SimulatedBroker) async throws -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "acquireToken from a view controller not in a window", method: .acquireToken, scripted: .cancel,
            rejected: { try await _ = $0.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], parentInWindow: false)) },
            rejectedInternal: .invalidParameter,
            next: { try await _ = $0.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])) }),
        Case(
            name: "acquireTokenSilent without an account", method: .acquireTokenSilent, scripted: .networkError,
            rejected: { try await _ = $0.acquireTokenSilent(F.silent(nil)) }, rejectedInternal: nil,
            next: { try await _ = $0.acquireTokenSilent(F.silent("alice")) }),
        Case(
            name: "signout with signoutFromBrowser and no webview parameters", method: .signout, scripted: .networkError,
            rejected: { try await $0.signout(F.signout("alice", fromBrowser: true)) }, rejectedInternal: .invalidParameter,
            next: { try await $0.signout(F.signout("alice")) }),
        Case(
            name: "signout without an account", method: .signout, scripted: .networkError,
            rejected: { try await $0.signout(F.signout(nil)) }, rejectedInternal: .invalidParameter,
            next: { try await $0.signout(F.signout("alice")) }),
    ]

    @Test("a call MSAL fails before the broker leaves the scripted answer to the method's next call", arguments: cases)
    func rejectedCallLeavesTheAnswer(_ test: Case) async throws {
        let broker = await F.broker(Given(signedIn: "alice"), configuration: test.configuration)
        await broker.script(test.method, test.scripted)
        let rejected = await #expect(throws: MSALError.self) { try await test.rejected(broker) }
        if let internalCode = test.rejectedInternal {
            #expect(rejected?.isInternal(internalCode) == true, "\(String(describing: rejected))")
        } else {
            #expect(rejected?.code == MSALError.Code.interactionRequired.rawValue, "\(String(describing: rejected))")
        }
        #expect(await broker.scriptedPending()[test.method] == [test.scripted])
        #expect(await broker.scriptedAnswer(ofCall: 1) == nil)
        // The next call reaches the broker and gets the scripted failure.
        let taken = await #expect(throws: MSALError.self) { try await test.next(broker) }
        #expect(taken?.code == (test.scripted == .cancel ? MSALError.Code.userCanceled.rawValue : MSALError.offline.code))
        #expect(await broker.scriptedAnswer(ofCall: 2) == test.scripted)
        #expect(await broker.scriptedPending().isEmpty)
    }

    @Test("with the broker disabled by the app's configuration, getDeviceInformation fails without it and leaves the scripted answer")
    func disabledBrokerLeavesTheAnswer() async throws {
        let broker = await F.broker(Given(signedIn: "alice"), configuration: MSALConfiguration(brokerAvailability: .none))
        await broker.script(.getDeviceInformation, .ssoExtensionFailure(code: .failed))
        let error = await #expect(throws: MSALError.self) { try await broker.getDeviceInformation() }
        #expect(error?.isInternal(.brokerNotAvailable) == true)
        #expect(await broker.scriptedPending()[.getDeviceInformation] == [.ssoExtensionFailure(code: .failed)])
    }

    @Test("a silent call answered from the app's own cache (a web-view sign-in filled it) leaves the scripted answer to the next call the broker answers")
    func appCacheLeavesTheAnswer() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        await broker.script(.acquireToken, .ssoExtensionFailure(code: .failed))
        _ = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
        await broker.script(.acquireTokenSilent, .interactionRequired)
        let cached = try await broker.acquireTokenSilent(F.silent("alice"))
        #expect(cached.accessToken.isEmpty == false)
        #expect(await broker.scriptedPending()[.acquireTokenSilent] == [.interactionRequired])
        #expect(await broker.transcript().last?.notes.contains { $0.contains("app's own cache") } == true)
    }

    @Test("a scripted answer a well-formed call takes is recorded with the call")
    func takenAnswerIsRecorded() async throws {
        let broker = await F.broker(Given(signedIn: "alice"))
        await broker.script(.getCurrentAccount, .networkError)
        _ = try? await broker.getCurrentAccount()
        _ = try await broker.getCurrentAccount()
        #expect(await broker.scriptedAnswer(ofCall: 1) == .networkError)
        #expect(await broker.scriptedAnswer(ofCall: 2) == nil)
    }

    @Test("a spec's scripted dismissal waits for the sheet MSAL lets up: the app that first presents from no window is dismissed on its retry")
    func specScriptWaitsForTheSheet() async throws {
        let broker = await F.broker(Given(userAtDevice: "alice"))
        await broker.beginStep(0, applying: .answerNext(method: .acquireToken, answer: .cancel))
        let early = await #expect(throws: MSALError.self) {
            try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"], parentInWindow: false))
        }
        #expect(early?.isInternal(.invalidParameter) == true)
        let dismissed = await #expect(throws: MSALError.self) { try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"])) }
        #expect(dismissed?.code == MSALError.Code.userCanceled.rawValue)
        // Nothing scripted is left: the sheet after it completes as the person at the device.
        let signedIn = try await broker.acquireToken(InteractiveTokenParameters(scopes: ["User.Read"]))
        #expect(signedIn.account.username == "alice@contoso.example")
    }
}
